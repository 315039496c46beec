import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { BatchOrder } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';

interface BatchOrderReadOnlyFormProps {
  batch: BatchOrder;
  /** Staff see whose batch it is, where the create form has their account chooser. */
  showAccount: boolean;
  onBack: () => void;
}

/** Disabled as the spec says, but read as text: a value to read, not a pale field waiting to be enabled. */
const READABLE = { input: { color: 'var(--mantine-color-text)', opacity: 1 } };

/**
 * Spec §2 View Batch Order: the create form, read-only: the name disabled, no upload and no Create button.
 * Nothing here can be cancelled, so the way out says "Back to the list" (issue 28).
 */
export function BatchOrderReadOnlyForm({ batch, showAccount, onBack }: BatchOrderReadOnlyFormProps) {
  const { t } = useTranslation('batchOrders');
  return (
    <Stack gap="md" maw={640}>
      <TextInput
        label={t('form.name')}
        placeholder={t('form.namePlaceholder')}
        value={batch.name}
        disabled
        readOnly
        styles={READABLE}
      />
      {showAccount ? (
        <TextInput label={t('form.account')} value={batch.account_name} disabled readOnly styles={READABLE} />
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          {t('form.back')}
        </Button>
      </Group>
    </Stack>
  );
}
