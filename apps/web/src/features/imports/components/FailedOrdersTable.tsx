import { Group, Stack, Table, Text, Title } from '@mantine/core';
import type { OrderImportFailure, TextLanguage } from '@parcelops/shared';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../../components/ColumnHeads.tsx';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { problemLines } from '../import-result.ts';

/** More orders than this would make a long page slow to draw; the rest are counted (the download has them all). */
const MAX_SHOWN = 200;

interface FailedOrdersTableProps {
  failures: readonly OrderImportFailure[];
  /** Hands back the failed rows of the uploaded sheet with an Error column; absent when the file is gone. */
  downloadFailedRows?: () => Promise<unknown>;
}

/**
 * Spec §2 Import orders: the orders of the file that were not imported (Order Number, Reason). The reason is one
 * line per bad row, naming each of its columns once with what is wrong there, in the chosen language.
 */
export function FailedOrdersTable({ failures, downloadFailedRows }: FailedOrdersTableProps) {
  const { t, i18n } = useTranslation('orderImport');
  const { t: common } = useTranslation();
  const format = useFormat();
  // From i18n.language, so the lines follow the language switch.
  const language: TextLanguage = i18n.language === 'vi' ? 'vi' : 'en';
  const hidden = failures.length - MAX_SHOWN;
  const columns = [
    { key: 'orderNumber', label: t('orderNumber'), width: '32%' },
    { key: 'reason', label: t('reason') },
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="failed-orders-title">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="failed-orders-title">
          {t('failedOrders')}
        </Title>
        {downloadFailedRows ? (
          <DownloadButton icon={<IconFileSpreadsheet size={16} />} download={downloadFailedRows}>
            {t('downloadFailedRows')}
          </DownloadButton>
        ) : null}
      </Group>
      {/* Two columns that wrap their words fit a phone: no sideways scrolling. */}
      <Table
        striped
        withTableBorder
        aria-labelledby="failed-orders-title"
        verticalSpacing="xs"
        layout="fixed"
      >
        <ColumnHeads columns={columns} />
        <Table.Tbody>
          {failures.slice(0, MAX_SHOWN).map((failure) => (
            // An order's rows are its own: the first one names it, even when the order number is blank.
            <Table.Tr key={failure.rows[0] ?? failure.orderNumber}>
              <Table.Td style={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                {failure.orderNumber || '—'}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Stack gap={2}>
                  {failure.problems.length === 0 ? <Text size="sm">{failure.msg}</Text> : null}
                  {problemLines(failure, t, language).map((line) => (
                    <Text size="sm" key={line.where}>
                      <Text span fw={600} size="sm">
                        {line.where}
                      </Text>
                      {' — '}
                      {line.what}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {hidden > 0 ? (
        <Text size="sm">{common('andMore', { count: hidden, formatted: format.number(hidden) })}</Text>
      ) : null}
    </Stack>
  );
}
