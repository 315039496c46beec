import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface FormActionsProps {
  /** Without it there is nowhere to go back to, so no Cancel button is shown. */
  onCancel?: () => void;
  submitting: boolean;
  /** Save stays off until the form has what it needs (e.g. a chosen file). */
  canSubmit?: boolean;
}

/** A form's Cancel and Save buttons, right-aligned. */
export function FormActions({ onCancel, submitting, canSubmit = true }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      {onCancel ? (
        <Button variant="default" onClick={onCancel} disabled={submitting}>
          {t('cancel')}
        </Button>
      ) : null}
      <Button type="submit" disabled={!canSubmit} loading={submitting}>
        {t('save')}
      </Button>
    </Group>
  );
}
