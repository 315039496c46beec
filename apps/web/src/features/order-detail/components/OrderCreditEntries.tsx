import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../../components/ColumnHeads.tsx';
import { QueryState, SkeletonRows } from '../../../components/QueryState.tsx';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useServerText } from '../../../lib/server-text.ts';
import { orderCreditEntriesQuery } from '../api.ts';

/** The entries' table around its rows (or the skeleton rows while they load). */
function EntriesTable({ children }: { children: ReactNode }) {
  const { t } = useTranslation('order');
  return (
    <ScrollRegion label={t('credit.entries')} minWidth={560}>
      <Table withTableBorder striped aria-label={t('credit.entries')} data-testid="order-credit-entries">
        <ColumnHeads
          columns={[
            { key: 'date', label: t('credit.date') },
            { key: 'kind', label: t('credit.kind') },
            { key: 'amount', label: t('credit.amount'), numeric: true },
            { key: 'balanceAfter', label: t('credit.balanceAfter'), numeric: true },
            { key: 'note', label: t('credit.note') },
          ]}
        />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/**
 * What the order moved on its account's credit: the charge, refunds and each re-weigh with the balance after
 * it, so the admin who re-weighs sees the row the save wrote (GET /orders/{sid}/credit_entries).
 */
export function OrderCreditEntries({ orderSid }: { orderSid: string }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const serverText = useServerText();
  const entries = useQuery(orderCreditEntriesQuery(orderSid));

  return (
    <QueryState
      query={entries}
      loading={
        <EntriesTable>
          <SkeletonRows columns={5} rows={2} />
        </EntriesTable>
      }
      isEmpty={(rows) => rows.length === 0}
      empty={<Text c="gray.7">{t('credit.none')}</Text>}
    >
      {(rows) => (
        <EntriesTable>
          {rows.map((entry) => (
            <Table.Tr key={`${entry.date_created}|${entry.kind}|${entry.amount}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(entry.date_created)}</Table.Td>
              <Table.Td>{t(`credit.kinds.${entry.kind}`)}</Table.Td>
              <Table.Td
                ta="right"
                c={entry.amount < 0 ? 'red.9' : 'green.9'}
                style={{ whiteSpace: 'nowrap' }}
              >
                {entry.amount > 0 ? '+' : ''}
                {format.money(entry.amount, entry.unit)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {format.money(entry.balance_after, entry.unit)}
              </Table.Td>
              <Table.Td>{serverText(entry.note_text, entry.note ?? '')}</Table.Td>
            </Table.Tr>
          ))}
        </EntriesTable>
      )}
    </QueryState>
  );
}
