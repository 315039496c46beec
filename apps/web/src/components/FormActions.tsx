import { Button, Group } from '@mantine/core';

interface FormActionsProps {
  onCancel?: () => void;
  submitting: boolean;
  /** Save stays off until the form has what it needs (e.g. a chosen file). */
  canSubmit?: boolean;
}

/** A form's Cancel and Save buttons, right-aligned. */
export function FormActions({ onCancel, submitting, canSubmit = true }: FormActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" disabled={!canSubmit} loading={submitting}>
        Save
      </Button>
    </Group>
  );
}
