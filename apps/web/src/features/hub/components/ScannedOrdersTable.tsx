import { Badge, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../../components/ColumnHeads.tsx';
import { RegionTable } from '../../../components/RegionTable.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useFailureText } from '../../../lib/server-text.ts';
import { OrderStatusBadge } from '../../orders/index.ts';
import type { ScanRow } from '../hooks/use-scan-session.ts';

/** A queued row's status: blue, as the queued banner, never the green of a parcel received. */
function RowStatus({ row }: { row: ScanRow }) {
  const { t } = useTranslation('scan');
  if (row.queued) {
    return (
      <Badge
        color="blue"
        variant="light"
        style={{
          textTransform: 'none',
          minWidth: 'max-content',
          '--badge-color': 'var(--mantine-color-blue-9)',
        }}
        data-testid="scan-row-queued"
      >
        {t('queuedStatus')}
      </Badge>
    );
  }
  return row.status === null ? null : <OrderStatusBadge status={row.status} />;
}

/**
 * Spec §2 Scan Orders: Id, Order number, Barcode, Status, Reason, Weight in grams; newest scan last. On a
 * phone the six columns fold into three (issue 21 item 7: no sideways scrolling at 390 px): the barcode with
 * the order number and weight under it, and the status with its reason.
 */
export function ScannedOrdersTable({ rows }: { rows: readonly ScanRow[] }) {
  const { t } = useTranslation('scan');
  const format = useFormat();
  // A refused scan's reason is the server's text, shown in the language chosen now.
  const reasonOf = useFailureText();
  const narrow = useMediaQuery('(max-width: 36em)', false);
  if (rows.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
  if (narrow) return <NarrowScannedTable rows={rows} />;
  const wideColumns = [
    { key: 'id', label: t('col.id'), numeric: true },
    { key: 'orderNumber', label: t('col.orderNumber') },
    { key: 'barcode', label: t('col.barcode') },
    { key: 'status', label: t('col.status') },
    { key: 'reason', label: t('col.reason') },
    { key: 'weight', label: t('col.weight'), numeric: true },
  ];
  return (
    <RegionTable label={t('tableTitle')} maxHeight={500} testId="scan-table">
      <ColumnHeads columns={wideColumns} />
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={row.barcode}>
            <Table.Td ta="right">{index + 1}</Table.Td>
            <Table.Td>{row.orderNumber ?? ''}</Table.Td>
            <Table.Td>{row.barcode}</Table.Td>
            <Table.Td>
              <RowStatus row={row} />
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{reasonOf(row)}</Table.Td>
            <Table.Td ta="right">{row.weight === null ? '' : format.number(row.weight)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </RegionTable>
  );
}

/** The phone's three columns: what was scanned, what it is, and where it stands. */
function NarrowScannedTable({ rows }: { rows: readonly ScanRow[] }) {
  const { t } = useTranslation('scan');
  const format = useFormat();
  const reasonOf = useFailureText();
  const narrowColumns = [
    { key: 'id', label: t('col.id'), numeric: true, width: 36 },
    { key: 'barcode', label: t('col.barcode') },
    { key: 'status', label: t('col.status') },
  ];
  return (
    <RegionTable label={t('tableTitle')} maxHeight={500} testId="scan-table" small>
      <ColumnHeads columns={narrowColumns} />
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={row.barcode}>
            <Table.Td ta="right">{index + 1}</Table.Td>
            {/* Wide enough for a whole barcode (PO and ten digits) before the status takes the rest. */}
            <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '10.5em' }}>
              <Text span fw={600} size="sm" display="block">
                {row.barcode}
              </Text>
              {row.orderNumber || row.weight !== null ? (
                <Text span size="xs" c="dimmed" display="block">
                  {[row.orderNumber, row.weight === null ? null : `${format.number(row.weight)} g`]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <RowStatus row={row} />
              {row.reason ? (
                <Text span size="xs" display="block" mt={2}>
                  {reasonOf(row)}
                </Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </RegionTable>
  );
}
