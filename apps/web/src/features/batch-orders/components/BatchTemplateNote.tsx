import { Group, Paper, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { downloadBatchOrderTemplate } from '../api.ts';

/** Spec §2 Create Batch Order: the note "Only use provided file for batch order", with the template beside it. */
export function BatchTemplateNote() {
  const { t } = useTranslation('batchOrders');
  return (
    <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-blue-light)">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconInfoCircle size={18} aria-hidden />
          <Text size="sm">{t('note')}</Text>
        </Group>
        <DownloadButton variant="default" size="xs" download={downloadBatchOrderTemplate}>
          {t('downloadTemplate')}
        </DownloadButton>
      </Group>
    </Paper>
  );
}
