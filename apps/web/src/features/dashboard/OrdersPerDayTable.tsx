import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../components/ColumnHeads.tsx';
import { RegionTable } from '../../components/RegionTable.tsx';
import { useFormat } from '../../i18n/format.ts';
import { calendarDay, type OrdersPicture } from './dashboard-data.ts';
import { useStatusLabel } from './use-status-label.ts';

/** The chart's numbers: a row per day that had orders, newest first, a column per status, and the totals. */
export function OrdersPerDayTable({ picture }: { picture: OrdersPicture }) {
  const { t } = useTranslation('dashboard');
  const statusLabel = useStatusLabel();
  const days = picture.days.filter((row) => row.total > 0).reverse();
  const columns = [
    { key: 'day', label: t('day') },
    ...picture.statuses.map((status) => ({ key: String(status), label: statusLabel(status), numeric: true })),
    { key: 'total', label: t('total'), numeric: true },
  ];
  return (
    <RegionTable label={t('ordersTable')} maxHeight={300} testId="orders-table" small highlightOnHover>
      <ColumnHeads columns={columns} />
      <Table.Tbody>
        {days.map((row) => (
          <Table.Tr key={row.day}>
            <DayHeader day={row.day} />
            <CountCells statuses={picture.statuses} counts={row.counts} total={row.total} />
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row">{t('total')}</Table.Th>
          <CountCells statuses={picture.statuses} counts={picture.totals} total={picture.total} bold />
        </Table.Tr>
      </Table.Tfoot>
    </RegionTable>
  );
}

/** A day's row is named by its date, on one line, in the weight of the numbers beside it. */
export function DayHeader({ day }: { day: string }) {
  const format = useFormat();
  return (
    <Table.Th scope="row" fw={400} style={{ whiteSpace: 'nowrap' }}>
      {format.date(calendarDay(day))}
    </Table.Th>
  );
}

interface CountCellsProps {
  statuses: readonly number[];
  counts: Partial<Record<number, number>>;
  total: number;
  /** The totals row: its numbers a step bolder than a day's. */
  bold?: boolean;
}

/** A row's count per status (0 where none) and its total, right-aligned, the total in bold. */
function CountCells({ statuses, counts, total, bold = false }: CountCellsProps) {
  const format = useFormat();
  return (
    <>
      {statuses.map((status) => (
        <Table.Td key={status} ta="right" fw={bold ? 600 : undefined}>
          {format.number(counts[status] ?? 0)}
        </Table.Td>
      ))}
      <Table.Td ta="right" fw={bold ? 700 : 600}>
        {format.number(total)}
      </Table.Td>
    </>
  );
}
