import { Anchor, ScrollArea, Table, Text } from '@mantine/core';
import type { BatchOrder } from '@parcelops/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryError, type QueryLike, SkeletonRows } from '../../../components/QueryState.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { BatchStatusBadge } from './BatchStatusBadge.tsx';

interface BatchOrdersTableProps {
  rows: BatchOrder[];
  /** The list's query: skeleton rows before its first answer, its error with Retry after a failure. */
  query: QueryLike;
  /** Staff see whose batch each row is. */
  showAccount: boolean;
}

interface Column {
  key: string;
  label: string;
  numeric?: boolean;
  cell: (batch: BatchOrder) => ReactNode;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * Spec §2 Batch orders: one page of batches; each name leads to its View Batch Order page. "No data." only
 * once the server has said so.
 */
export function BatchOrdersTable({ rows, query, showAccount }: BatchOrdersTableProps) {
  const { t } = useTranslation('batchOrders');
  const format = useFormat();
  const columns: Column[] = [
    {
      key: 'name',
      label: t('columns.name'),
      cell: (batch) => (
        <Anchor component={Link} to={`/internal/batch_orders/${batch.sid}/view`} size="sm" fw={500}>
          {batch.name}
        </Anchor>
      ),
    },
    ...(showAccount
      ? [{ key: 'account', label: t('columns.account'), cell: (batch: BatchOrder) => batch.account_name }]
      : []),
    {
      key: 'status',
      label: t('columns.status'),
      cell: (batch) => <BatchStatusBadge status={batch.status} />,
    },
    {
      key: 'orders',
      label: t('columns.orders'),
      numeric: true,
      cell: (batch) => format.number(batch.orders),
    },
    {
      key: 'total_charge',
      label: t('columns.totalCharge'),
      numeric: true,
      cell: (batch) => format.money(batch.total_charge, 'VND'),
    },
    {
      key: 'created',
      label: t('columns.created'),
      cell: (batch) => (
        <time dateTime={batch.date_created} title={format.dateTime(batch.date_created)}>
          {format.date(batch.date_created)}
        </time>
      ),
    },
  ];

  return (
    // offsetScrollbars: on a phone the table scrolls sideways, and the bar must not lie over the last row.
    <ScrollArea.Autosize mah={600} type="auto" offsetScrollbars="x">
      <Table stickyHeader highlightOnHover withTableBorder aria-label={t('title')}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta={column.numeric ? 'right' : undefined} style={nowrap}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.isError && rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <QueryError error={query.error} onRetry={query.refetch} />
              </Table.Td>
            </Table.Tr>
          ) : query.isPending && rows.length === 0 ? (
            <SkeletonRows columns={columns.length} />
          ) : rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center" size="sm">
                  {t('noData', { ns: 'common' })}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((batch) => (
              <Table.Tr key={batch.sid} data-row-id={batch.sid}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.key}
                    ta={column.numeric ? 'right' : undefined}
                    style={column.key === 'name' ? undefined : nowrap}
                  >
                    {column.cell(batch)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
