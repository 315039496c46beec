import { Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BatchOrder } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { useServerText } from '../../../lib/server-text.ts';
import { isBatchRunning, placedShare } from '../api.ts';
import { BatchFact as Fact } from './BatchFact.tsx';
import { BatchFileActions } from './BatchFileActions.tsx';
import { BatchStatusBadge } from './BatchStatusBadge.tsx';

/**
 * Spec §2 View Batch Order: the "Batch order status" block: status and reason, then what the file held and
 * placed, and when it ran. While the job runs the page asks again by itself, and says so; once it places the
 * orders, how many so far, with a bar.
 */
export function BatchStatusBlock({ batch }: { batch: BatchOrder }) {
  const { t } = useTranslation('batchOrders');
  const format = useFormat();
  const say = useServerText();
  const running = isBatchRunning(batch.status);
  const placing = running && batch.placed > 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="batch-status-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="batch-status-title">
          {t('statusBlock.title')}
        </Title>
        <Group gap="sm" data-testid="batch-status">
          <BatchStatusBadge status={batch.status} />
          {running ? (
            <Group gap={6} wrap="wrap">
              <Loader size="xs" aria-hidden />
              <Text size="sm" fw={600}>
                {placing ? t('following.placingTitle') : t('following.title')}
              </Text>
              <Text size="sm" c="gray.7">
                {t('statusBlock.refreshing')}
              </Text>
            </Group>
          ) : null}
        </Group>
        {placing ? (
          <Stack gap={4} data-testid="batch-placing">
            <Progress value={placedShare(batch)} striped aria-label={t('following.placingTitle')} />
            <Text size="sm">
              {t('following.placed', { count: batch.placed, formatted: format.number(batch.placed) })}
            </Text>
          </Stack>
        ) : null}
        {batch.reason ? (
          <Fact label={t('statusBlock.reason')}>
            <Text size="sm" c={batch.status === 'failed' ? 'var(--mantine-color-error)' : undefined} span>
              {say(batch.reason_text, batch.reason)}
            </Text>
          </Fact>
        ) : null}
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
          <Fact label={t('statusBlock.file')}>{batch.file_name}</Fact>
          <Fact label={t('statusBlock.rows')}>{format.number(batch.rows)}</Fact>
          <Fact label={t('statusBlock.orders')}>{format.number(batch.orders)}</Fact>
          <Fact label={t('statusBlock.totalCharge')}>{format.money(batch.total_charge, 'VND')}</Fact>
          <Fact label={t('statusBlock.created')}>{format.dateTime(batch.date_created)}</Fact>
          <Fact label={t('statusBlock.started')}>{format.dateTime(batch.started_at) || '—'}</Fact>
          <Fact label={t('statusBlock.finished')}>{format.dateTime(batch.finished_at) || '—'}</Fact>
          {batch.runs > 1 ? <Fact label={t('statusBlock.runs')}>{format.number(batch.runs)}</Fact> : null}
        </SimpleGrid>
        <BatchFileActions batch={batch} />
      </Stack>
    </Paper>
  );
}
