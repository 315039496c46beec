import { ScrollArea, Table, Text } from '@mantine/core';
import type { ScannedOrder } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.ts';
import { OrderStatusBadge } from '../../orders/index.ts';

/** Spec §2 Scan Orders: Id, Order number, Barcode, Status, Reason, Weight in grams; newest scan last. */
export function ScannedOrdersTable({ rows }: { rows: readonly ScannedOrder[] }) {
  const { t } = useTranslation('scan');
  const format = useFormat();
  if (rows.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
  return (
    <ScrollArea.Autosize
      mah={500}
      type="auto"
      // A scrolling region must take focus, or keyboard users cannot scroll it.
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('tableTitle') }}
    >
      <Table striped stickyHeader withTableBorder aria-label={t('tableTitle')} data-testid="scan-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" ta="right">
              {t('col.id')}
            </Table.Th>
            <Table.Th scope="col">{t('col.orderNumber')}</Table.Th>
            <Table.Th scope="col">{t('col.barcode')}</Table.Th>
            <Table.Th scope="col">{t('col.status')}</Table.Th>
            <Table.Th scope="col">{t('col.reason')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('col.weight')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={row.barcode}>
              <Table.Td ta="right">{index + 1}</Table.Td>
              <Table.Td>{row.orderNumber ?? ''}</Table.Td>
              <Table.Td>{row.barcode}</Table.Td>
              <Table.Td>{row.status === null ? '' : <OrderStatusBadge status={row.status} />}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.reason ?? ''}</Table.Td>
              <Table.Td ta="right">{row.weight === null ? '' : format.number(row.weight)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
