import { Badge, Button, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../../components/ColumnHeads.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useFailureText } from '../../../lib/server-text.ts';
import { type AmsScanOutcome, type AmsScanRow, loadableAnyway } from '../scan-rows.ts';

/**
 * The banner's green, amber and red as a light tint with ink dark enough for small text on it (the status
 * badges' green, the hub tally's amber, red-9).
 */
const BADGE: Record<AmsScanOutcome, { color: string; ink: string }> = {
  added: { color: 'green', ink: '#1e6b30' },
  moved: { color: 'green', ink: '#1e6b30' },
  alreadyIn: { color: 'yellow', ink: '#8a5300' },
  failed: { color: 'red', ink: 'var(--mantine-color-red-9)' },
  // Kept on the device, not checked yet: blue as the queued banner, never green.
  queued: { color: 'blue', ink: 'var(--mantine-color-blue-9)' },
};

/** Codes and numbers read whole: the table scrolls sideways on a phone rather than break them. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

interface AmsScannedTableProps {
  rows: readonly AmsScanRow[];
  /** Given to admins: a parcel the hub set aside offers "Load anyway" (with a reason) on its row. */
  onLoadAnyway?: (row: AmsScanRow) => void;
}

/**
 * Every scan of this session, newest first: barcode, order number, carton label, AMS id, weight in KG with two
 * decimals, and Added / Moved (from which carton) / Already in this AMS / Failed with the server's reason /
 * Queued (kept on the device until the server answers). It
 * scrolls inside itself (both ways on a phone) and takes focus, so keyboard users can scroll it. Memoised: a
 * shift lists 2,000 rows.
 */
export const AmsScannedTable = memo(function AmsScannedTable({ rows, onLoadAnyway }: AmsScannedTableProps) {
  const { t } = useTranslation('amsScan');
  const format = useFormat();
  const reasonOf = useFailureText();
  if (rows.length === 0) return <Text c="gray.7">{t('table.empty')}</Text>;
  const columns = [
    { key: 'barcode', label: t('table.col.barcode') },
    { key: 'orderNumber', label: t('table.col.orderNumber') },
    { key: 'cartonLabel', label: t('table.col.cartonLabel') },
    { key: 'amsId', label: t('table.col.amsId') },
    { key: 'weight', label: t('table.col.weight'), numeric: true },
    { key: 'status', label: t('table.col.status') },
    { key: 'reason', label: t('table.col.reason') },
  ];
  return (
    <ScrollArea.Autosize
      mah={500}
      type="auto"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('table.title') }}
    >
      <Table
        striped
        stickyHeader
        withTableBorder
        miw={720}
        aria-label={t('table.title')}
        data-testid="ams-scan-table"
      >
        <ColumnHeads columns={columns} />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-outcome={row.outcome}>
              <Table.Td style={NO_WRAP}>{row.barcode}</Table.Td>
              <Table.Td style={NO_WRAP}>{row.orderNumber ?? ''}</Table.Td>
              <Table.Td miw={160}>{row.cartonLabel}</Table.Td>
              <Table.Td style={NO_WRAP}>{row.amsId ?? ''}</Table.Td>
              <Table.Td ta="right" style={NO_WRAP}>
                {row.weight === null ? '' : format.number(row.weight / 1000, 2)}
              </Table.Td>
              <Table.Td>
                <Badge
                  color={BADGE[row.outcome].color}
                  variant="light"
                  style={{
                    textTransform: 'none',
                    minWidth: 'max-content',
                    '--badge-color': BADGE[row.outcome].ink,
                  }}
                  styles={{ label: { overflow: 'visible' } }}
                >
                  {t(`table.status.${row.outcome}`)}
                </Badge>
              </Table.Td>
              <Table.Td miw={220} style={{ overflowWrap: 'anywhere' }}>
                {row.outcome === 'failed' ? (
                  <Stack gap={4} align="flex-start">
                    <span>{reasonOf(row)}</span>
                    {onLoadAnyway && loadableAnyway(row) ? (
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="red"
                        onClick={() => onLoadAnyway(row)}
                        aria-label={t('loadAnyway.buttonFor', { barcode: row.barcode })}
                      >
                        {t('loadAnyway.button')}
                      </Button>
                    ) : null}
                  </Stack>
                ) : row.outcome === 'moved' ? (
                  t('table.movedFrom', { from: row.movedFrom ?? '' })
                ) : (
                  ''
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
});
