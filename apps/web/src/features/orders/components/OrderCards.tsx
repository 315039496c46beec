import { Stack } from '@mantine/core';
import type { OrderSummary } from '@parcelops/shared';
import { type QueryLike, QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import type { OrderSelection } from '../use-order-selection.ts';
import { OrderCard } from './OrderCard.tsx';

interface OrderCardsProps {
  rows: OrderSummary[];
  /** The page's query: its states show until it has answered. */
  query: QueryLike & { data: unknown };
  showAccount: boolean;
  selection: OrderSelection;
  onDelete?: (order: OrderSummary) => void;
}

/** The orders on a phone, a card each; the same loading, error and empty states as the table. */
export function OrderCards({ rows, query, showAccount, selection, onDelete }: OrderCardsProps) {
  return (
    <QueryState query={query} loading={<SkeletonLines lines={8} />} isEmpty={() => rows.length === 0}>
      {() => (
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
      )}
    </QueryState>
  );
}
