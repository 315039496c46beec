import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BatchOrder } from '@parcelops/shared';
import { IconFileUpload, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failedBatchStep } from '../api.ts';

interface BatchRunAgainProps {
  batch: Pick<BatchOrder, 'reason_text' | 'file_kept'>;
  onRun: () => void;
  /** The run call is on its way. */
  running: boolean;
}

/**
 * What to do with a failed batch. When the same file can pass now (credit topped up, the account active again,
 * the server back), "Run again" leads: the stored file is placed, nothing is uploaded. When the file itself is
 * at fault, running it again fails the same way, so the page says so and leads with "Upload a corrected file";
 * "Run again" stays, second, for an order number freed since.
 */
export function BatchRunAgain({ batch, onRun, running }: BatchRunAgainProps) {
  const { t } = useTranslation('batchOrders');
  const step = failedBatchStep(batch);
  const upload = (
    <Button
      component={Link}
      to="/internal/batch_orders/add"
      variant={step === 'run' ? 'default' : 'filled'}
      leftSection={<IconFileUpload size={16} aria-hidden />}
    >
      {t('next.upload')}
    </Button>
  );
  const runAgain = (
    <Button
      onClick={onRun}
      loading={running}
      variant={step === 'run' ? 'filled' : 'default'}
      leftSection={<IconRefresh size={16} aria-hidden />}
    >
      {t('next.runAgain')}
    </Button>
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="batch-next-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="batch-next-title">
          {t('next.title')}
        </Title>
        <Text size="sm">
          {t(`next.${step === 'run' ? 'runHint' : step === 'upload' ? 'uploadHint' : 'fileGone'}`)}
        </Text>
        <Group gap="sm" wrap="wrap">
          {step === 'run' ? (
            <>
              {runAgain}
              {upload}
            </>
          ) : step === 'upload' ? (
            <>
              {upload}
              {runAgain}
            </>
          ) : (
            upload
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
