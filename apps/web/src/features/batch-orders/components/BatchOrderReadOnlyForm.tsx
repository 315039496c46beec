import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { BatchOrder } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';

interface BatchOrderReadOnlyFormProps {
  batch: BatchOrder;
  /** Staff see whose batch it is, where the create form has their account chooser. */
  showAccount: boolean;
  onCancel: () => void;
}

/**
 * Spec §2 View Batch Order: the create form, read-only: the name disabled, no upload and no Create button;
 * Cancel still returns to the list.
 */
export function BatchOrderReadOnlyForm({ batch, showAccount, onCancel }: BatchOrderReadOnlyFormProps) {
  const { t } = useTranslation('batchOrders');
  return (
    <Stack gap="md" maw={640}>
      <TextInput
        label={t('form.name')}
        placeholder={t('form.namePlaceholder')}
        value={batch.name}
        disabled
        readOnly
      />
      {showAccount ? (
        <TextInput label={t('form.account')} value={batch.account_name} disabled readOnly />
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('cancel', { ns: 'common' })}
        </Button>
      </Group>
    </Stack>
  );
}
