import { Anchor, Paper, Progress, Stack, Text } from '@mantine/core';
import type { BatchOrder } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/format.ts';
import { placedShare } from '../api.ts';

/**
 * "Checking…" while a created batch's job checks every row (and, unless it is a check only, places the
 * orders): the file was accepted, but nothing is announced until the job has an outcome. Checking reports no
 * share done, so the bar only says it is at work; once the orders are being placed (`placed` counts them, hidden
 * until the batch succeeds) it fills with their share of the file's rows. The batch's own page is a link away,
 * and leaving changes nothing (the job goes on).
 */
export function BatchChecking({
  batch,
}: {
  batch: Pick<BatchOrder, 'sid' | 'check_only' | 'placed' | 'rows'>;
}) {
  const { t } = useTranslation('batchOrders');
  const format = useFormat();
  const placing = batch.placed > 0;
  const title = placing ? t('following.placingTitle') : t('following.title');
  const share = placing ? placedShare(batch) : 100;
  return (
    <Paper withBorder p="md" radius="md" role="status" aria-live="polite" data-testid="batch-checking">
      <Stack gap={6}>
        <Text fw={600}>{title}</Text>
        <Progress value={share} striped animated={!placing} aria-label={title} />
        <Text size="sm">
          {placing
            ? t('following.placed', { count: batch.placed, formatted: format.number(batch.placed) })
            : batch.check_only
              ? t('following.checkOnly')
              : t('following.placing')}
        </Text>
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
