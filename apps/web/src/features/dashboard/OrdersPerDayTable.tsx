import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../components/ScrollRegion.tsx';
import { useFormat } from '../../i18n/format.ts';
import { calendarDay, type OrdersPicture } from './dashboard-data.ts';
import { useStatusLabel } from './use-status-label.ts';

/** The chart's numbers: a row per day that had orders, newest first, a column per status, and the totals. */
export function OrdersPerDayTable({ picture }: { picture: OrdersPicture }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const statusLabel = useStatusLabel();
  const days = picture.days.filter((row) => row.total > 0).reverse();
  return (
    <ScrollRegion label={t('ordersTable')} maxHeight={300}>
      <Table
        striped
        highlightOnHover
        stickyHeader
        withTableBorder
        fz="sm"
        aria-label={t('ordersTable')}
        data-testid="orders-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('day')}</Table.Th>
            {picture.statuses.map((status) => (
              <Table.Th key={status} scope="col" ta="right">
                {statusLabel(status)}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">
              {t('total')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((row) => (
            <Table.Tr key={row.day}>
              <Table.Th scope="row" fw={400} style={{ whiteSpace: 'nowrap' }}>
                {format.date(calendarDay(row.day))}
              </Table.Th>
              {picture.statuses.map((status) => (
                <Table.Td key={status} ta="right">
                  {format.number(row.counts[status] ?? 0)}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600}>
                {format.number(row.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('total')}</Table.Th>
            {picture.statuses.map((status) => (
              <Table.Td key={status} ta="right" fw={600}>
                {format.number(picture.totals[status] ?? 0)}
              </Table.Td>
            ))}
            <Table.Td ta="right" fw={700}>
              {format.number(picture.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollRegion>
  );
}
