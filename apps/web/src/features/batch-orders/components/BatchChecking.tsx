import { Anchor, Paper, Progress, Stack, Text } from '@mantine/core';
import type { BatchOrder } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * "Checking…" while a created batch's job checks every row (and, unless it is a check only, places the
 * orders): the file was accepted, but nothing is announced until the job has an outcome. The job reports no
 * share done, so the bar only says it is at work; the batch's own page is a link away, and leaving changes
 * nothing (the job goes on).
 */
export function BatchChecking({ batch }: { batch: Pick<BatchOrder, 'sid' | 'check_only'> }) {
  const { t } = useTranslation('batchOrders');
  return (
    <Paper withBorder p="md" radius="md" role="status" aria-live="polite" data-testid="batch-checking">
      <Stack gap={6}>
        <Text fw={600}>{t('following.title')}</Text>
        <Progress value={100} striped animated aria-label={t('following.title')} />
        <Text size="sm">{batch.check_only ? t('following.checkOnly') : t('following.placing')}</Text>
        <Text size="sm" c="gray.7">
          {t('following.mayLeave')}{' '}
          <Anchor
            component={Link}
            to={`/internal/batch_orders/${batch.sid}/view`}
            size="sm"
            underline="always"
          >
            {t('following.open')}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
