import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * How far the file is on its way (`sent`, 0 to 1), then an indeterminate bar while the server checks its form
 * (an xlsx, the columns) before answering: a large workbook on a slow line takes long enough to need it.
 */
export function UploadProgress({ sent }: { sent: number }) {
  const { t } = useTranslation('batchOrders');
  const sending = sent < 1;
  const text = sending ? t('sending', { percent: Math.round(sent * 100) }) : t('checking');
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">{text}</Text>
      <Progress value={sending ? sent * 100 : 100} striped={!sending} animated={!sending} aria-label={text} />
    </Stack>
  );
}
