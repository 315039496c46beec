import { Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useFailureText } from '../../../lib/server-text.ts';
import { OrderStatusBadge } from '../../orders/index.ts';
import type { ScanRow } from '../hooks/use-scan-session.ts';

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
  return (
    <ScrollRegion label={t('tableTitle')} maxHeight={500}>
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
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{reasonOf(row)}</Table.Td>
              <Table.Td ta="right">{row.weight === null ? '' : format.number(row.weight)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** The phone's three columns: what was scanned, what it is, and where it stands. */
function NarrowScannedTable({ rows }: { rows: readonly ScanRow[] }) {
  const { t } = useTranslation('scan');
  const format = useFormat();
  const reasonOf = useFailureText();
  return (
    <ScrollRegion label={t('tableTitle')} maxHeight={500}>
      <Table
        striped
        stickyHeader
        withTableBorder
        fz="sm"
        aria-label={t('tableTitle')}
        data-testid="scan-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" ta="right" w={36}>
              {t('col.id')}
            </Table.Th>
            <Table.Th scope="col">{t('col.barcode')}</Table.Th>
            <Table.Th scope="col">{t('col.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
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
                {row.status === null ? null : <OrderStatusBadge status={row.status} />}
                {row.reason ? (
                  <Text span size="xs" display="block" mt={2}>
                    {reasonOf(row)}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
