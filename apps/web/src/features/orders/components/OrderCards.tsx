import { Stack, Text } from '@mantine/core';
import type { OrderSummary } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { QueryError, type QueryLike, SkeletonLines } from '../../../components/QueryState.tsx';
import type { OrderSelection } from '../use-order-selection.ts';
import { OrderCard } from './OrderCard.tsx';

interface OrderCardsProps {
  rows: OrderSummary[];
  query: QueryLike;
  showAccount: boolean;
  selection: OrderSelection;
  onDelete?: (order: OrderSummary) => void;
}

/** The orders on a phone, a card each; the same loading, error and empty states as the table. */
export function OrderCards({ rows, query, showAccount, selection, onDelete }: OrderCardsProps) {
  const { t } = useTranslation('orders');
  if (query.isError && rows.length === 0) return <QueryError error={query.error} onRetry={query.refetch} />;
  if (query.isPending && rows.length === 0) return <SkeletonLines lines={8} />;
  if (rows.length === 0)
    return (
      <Text c="dimmed" ta="center" size="sm">
        {t('noData', { ns: 'common' })}
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((order) => (
        <OrderCard
          key={order.sid}
          order={order}
          showAccount={showAccount}
          selected={selection.allMatching || selection.sids.has(order.sid)}
          onSelect={(on) => selection.toggle(order.sid, on)}
          onDelete={onDelete}
        />
      ))}
    </Stack>
  );
}
