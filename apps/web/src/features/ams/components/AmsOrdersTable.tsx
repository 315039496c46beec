import { Anchor, Button, Group, Text } from '@mantine/core';
import type { OrderSummary } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageControl } from '../../../components/PageControl.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { pageCountFor } from '../../../lib/pagination.ts';
import { ActionsHeader, RowActions } from '../../../lib/RowActions.tsx';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete.tsx';
import { useOrderStatusLabel } from '../../orders/index.ts';
import { amsOrdersQuery, useRemoveAmsOrder } from '../api.ts';
import { AmsSection } from './AmsSection.tsx';

/**
 * An AMS may hold 20,000 orders, all fetched at once (spec §9); the table shows them this many at a time,
 * so the page stays responsive.
 */
export const AMS_ORDERS_SHOWN = 200;

/**
 * Spec §2 AMS view: the orders in this AMS, each leading to its order page, each removable from the AMS while
 * its parcels may change (`readOnly` leaves the Remove column out: the server would refuse it).
 */
export function AmsOrdersTable({ sid, readOnly = false }: { sid: string; readOnly?: boolean }) {
  const { t } = useTranslation('ams');
  const format = useFormat();
  const statusLabel = useOrderStatusLabel();
  const orders = useQuery(amsOrdersQuery(sid));
  const remove = useRemoveAmsOrder();
  const [page, setPage] = useState(0);
  const rows = orders.data?.data ?? [];
  const pageCount = pageCountFor(rows.length, AMS_ORDERS_SHOWN);
  // After removals the last page may be gone: show the last one left.
  const shownPage = Math.min(page, Math.max(0, pageCount - 1));
  const shown = rows.slice(shownPage * AMS_ORDERS_SHOWN, (shownPage + 1) * AMS_ORDERS_SHOWN);
  const barcodeOf = (order: OrderSummary) => order.barcode || order.orderNumber;
  const removal = useConfirmedDelete<OrderSummary>({
    remove: (order) => remove.mutateAsync(order.sid),
    question: (order) => t('orders.confirmRemove', { barcode: barcodeOf(order) }),
    done: () => t('orders.removed'),
  });

  const columns: SelectableTableColumn<OrderSummary>[] = [
    {
      key: 'barcode',
      label: t('orders.barcode'),
      render: (order) => (
        <Anchor component={Link} to={`/internal/orders/${order.sid}/view`} size="sm">
          {order.barcode || t('orders.noBarcode')}
        </Anchor>
      ),
    },
    { key: 'orderNumber', label: t('orders.orderNumber') },
    { key: 'ams_carton_label', label: t('orders.cartonLabel') },
    {
      key: 'weight',
      label: t('orders.weight'),
      numeric: true,
      render: (order) => format.kilograms(order.weight),
    },
    { key: 'status', label: t('orders.status'), render: (order) => statusLabel(order.status) },
  ];
  const removeColumn: SelectableTableColumn<OrderSummary> = {
    key: 'actions',
    label: <ActionsHeader />,
    render: (order) => (
      <RowActions>
        <Button
          size="xs"
          color="red"
          variant="light"
          aria-label={t('orders.removeLabel', { barcode: barcodeOf(order) })}
          onClick={() => removal.ask(order)}
        >
          {t('orders.remove')}
        </Button>
      </RowActions>
    ),
  };
  if (!readOnly) columns.push(removeColumn);

  return (
    <AmsSection title={t('orders.title')}>
      <SelectableTable columns={columns} rows={shown} rowId={(order) => order.sid} query={orders} />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {orders.data ? t('orders.count', { n: format.number(rows.length) }) : null}
        </Text>
        <PageControl page={shownPage} pageCount={pageCount} onChange={setPage} />
      </Group>
      {removal.dialog}
    </AmsSection>
  );
}
