import { Checkbox, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { OrderSort, OrderSummary } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/DataTable.tsx';
import type { QueryLike } from '../../../components/QueryState.tsx';
import { useFormat } from '../../../i18n/format.ts';
import type { OptionalOrderColumn } from '../use-order-columns.ts';
import type { OrderSelection } from '../use-order-selection.ts';
import { OrderRowActions } from './OrderRowActions.tsx';
import { OrderStatusCell } from './OrderStatusCell.tsx';
import { SortHeader } from './SortHeader.tsx';

interface OrdersTableProps {
  rows: OrderSummary[];
  /** The list's query: skeleton rows before its first answer, its error with Retry after a failure. */
  query: QueryLike;
  /** Staff see whose order each row is. */
  showAccount: boolean;
  isShown: (column: OptionalOrderColumn) => boolean;
  sort: OrderSort;
  direction: 'asc' | 'desc';
  onSort: (sort: OrderSort, direction: 'asc' | 'desc') => void;
  selection: OrderSelection;
  /** Given to those who may delete orders (not operators). */
  onDelete?: (order: OrderSummary) => void;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/** A name cut short with an ellipsis past 160 px, read in full from its tooltip. */
function Clipped({ text }: { text: string | null }) {
  return (
    <Text size="sm" truncate="end" maw={160} title={text ?? undefined}>
      {text}
    </Text>
  );
}

/**
 * One page of orders, dense enough for 1440 px without wrapping: order numbers, dates and money stay on one
 * line (the table scrolls sideways on narrower screens; phones get cards instead). Date, order number and
 * status headers sort the list on the server.
 */
export function OrdersTable(props: OrdersTableProps) {
  const { rows, query, showAccount, isShown, sort, direction, onSort, selection, onDelete } = props;
  const { t } = useTranslation('orders');
  const format = useFormat();
  type Column = DataTableColumn<OrderSummary>;
  const optional = (key: OptionalOrderColumn, column: Omit<Column, 'key'>): Column[] =>
    isShown(key) && (key !== 'account' || showAccount) ? [{ key, ...column }] : [];
  const sortingHeader = (sortKey: OrderSort, label: string) => (
    <SortHeader
      key={sortKey}
      column={sortKey}
      label={label}
      sort={sort}
      direction={direction}
      onSort={onSort}
    />
  );

  const pageSids = rows.map((order) => order.sid);
  const ticked = pageSids.filter((sid) => selection.allMatching || selection.sids.has(sid)).length;

  const columns: Column[] = [
    {
      key: 'tick',
      label: t('selection.page'),
      header: (
        <Table.Th key="tick" w={36}>
          <Checkbox
            size="xs"
            aria-label={t('selection.page')}
            checked={rows.length > 0 && ticked === rows.length}
            indeterminate={ticked > 0 && ticked < rows.length}
            disabled={rows.length === 0}
            onChange={(event) => selection.setPage(pageSids, event.currentTarget.checked)}
          />
        </Table.Th>
      ),
      cell: (order) => (
        <Checkbox
          size="xs"
          aria-label={t('selection.row', { orderNumber: order.orderNumber })}
          checked={selection.allMatching || selection.sids.has(order.sid)}
          onChange={(event) => selection.toggle(order.sid, event.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'orderNumber',
      label: t('columns.orderNumber'),
      header: sortingHeader('orderNumber', t('columns.orderNumber')),
      // The barcode rides under the number (as USD under VND): one column less keeps 1440 px free of scrolling.
      cell: (order) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} style={nowrap}>
            {order.orderNumber}
          </Text>
          {isShown('barcode') ? (
            <Text size="xs" c="dimmed" style={nowrap}>
              {order.barcode}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    ...optional('customer', { label: t('columns.customer'), cell: (order) => <Clipped text={order.name} /> }),
    ...optional('account', {
      label: t('columns.account'),
      cell: (order) => <Clipped text={order.account_name} />,
    }),
    {
      key: 'status',
      label: t('columns.status'),
      header: sortingHeader('status', t('columns.status')),
      wraps: true,
      cell: (order) => <OrderStatusCell order={order} />,
    },
    ...optional('weight', {
      label: t('columns.weight'),
      numeric: true,
      cell: (order) => format.kilograms(order.weight),
    }),
    ...optional('price', {
      label: t('columns.price'),
      numeric: true,
      cell: (order) => (
        <Stack gap={0}>
          <Text size="sm">{format.money(order.vnd, 'VND')}</Text>
          <Text size="xs" c="dimmed">
            {format.money(order.usd, 'USD')}
          </Text>
        </Stack>
      ),
    }),
    ...optional('created', {
      label: t('columns.created'),
      header: sortingHeader('date_created', t('columns.created')),
      cell: (order) => (
        <span title={format.dateTime(order.date_created)}>{format.date(order.date_created)}</span>
      ),
    }),
    {
      key: 'actions',
      // Named for screen readers only (the row buttons speak for themselves).
      label: <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>,
      cell: (order) => <OrderRowActions order={order} onDelete={onDelete} compact />,
    },
  ];

  return <DataTable columns={columns} rows={rows} rowId={(order) => order.sid} query={query} dense />;
}
