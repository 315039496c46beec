import { Button, Stack, Text } from '@mantine/core';
import { canDeleteOrder, canPrintLabel } from '@parcelops/shared';
import { Link } from 'react-router';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { RowActions } from '../../../lib/RowActions.tsx';
import { formatDateTime } from '../../tracking/index.ts';
import type { OrderSummary } from '../api.ts';
import { formatKg, formatUsd, formatVnd } from '../order-format.ts';
import { OrderStatusBadge } from './OrderStatusBadge.tsx';

interface OrdersTableProps {
  rows: OrderSummary[];
  /** Staff see whose order each row is. */
  showAccount: boolean;
  /** Given to those who may delete orders (not operators). */
  onDelete?: (order: OrderSummary) => void;
}

/**
 * One page of orders. Spec §4: Order Failed orders offer neither Print label nor Delete; and since only a
 * Generated order can be deleted (product decisions), Delete shows only on those.
 */
export function OrdersTable({ rows, showAccount, onDelete }: OrdersTableProps) {
  const columns: SelectableTableColumn<OrderSummary>[] = [
    { key: 'orderNumber', label: 'Order number' },
    { key: 'barcode', label: 'Barcode' },
    { key: 'name', label: 'Customer' },
    ...(showAccount ? [{ key: 'account_name', label: 'Account' }] : []),
    // Wide enough for "Order Failed": a badge truncates rather than wraps.
    {
      key: 'status',
      label: 'Status',
      width: 130,
      render: (order) => <OrderStatusBadge status={order.status} />,
    },
    { key: 'weight', label: 'Weight (KG)', numeric: true, render: (order) => formatKg(order.weight) },
    {
      key: 'price',
      label: 'Price',
      numeric: true,
      render: (order) => (
        <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{formatVnd(order.vnd)}</Text>
          <Text size="xs" c="dimmed">
            {formatUsd(order.usd)}
          </Text>
        </Stack>
      ),
    },
    { key: 'date_created', label: 'Created', render: (order) => formatDateTime(order.date_created) },
    {
      key: 'actions',
      label: '',
      render: (order) => (
        <RowActions>
          <Button component={Link} to={`/internal/orders/${order.sid}/view`} size="xs" variant="light">
            View
          </Button>
          {canPrintLabel(order.status) ? (
            <Button component={Link} to={`/labels/${order.sid}`} size="xs" variant="light">
              Print label
            </Button>
          ) : null}
          {onDelete && canDeleteOrder(order.status) ? (
            <Button size="xs" color="red" variant="light" onClick={() => onDelete(order)}>
              Delete
            </Button>
          ) : null}
        </RowActions>
      ),
    },
  ];
  return <SelectableTable columns={columns} rows={rows} rowId={(order) => order.sid} />;
}
