import { Anchor } from '@mantine/core';
import type { BatchOrder } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/DataTable.tsx';
import type { PagedListFooterProps } from '../../../components/PagedListFooter.tsx';
import { PagedTable } from '../../../components/PagedTable.tsx';
import type { QueryLike } from '../../../components/QueryState.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { BatchStatusBadge } from './BatchStatusBadge.tsx';

interface BatchOrdersTableProps {
  rows: BatchOrder[];
  /** The list's query: skeleton rows before its first answer, its error with Retry after a failure. */
  query: QueryLike;
  /** Staff see whose batch each row is. */
  showAccount: boolean;
  /** The count and page control under the table. */
  paging: PagedListFooterProps;
}

/**
 * Spec §2 Batch orders: one page of batches, each name leading to its View Batch Order page, and the page
 * control. "No data." only once the server has said so.
 */
export function BatchOrdersTable({ rows, query, showAccount, paging }: BatchOrdersTableProps) {
  const { t } = useTranslation('batchOrders');
  const format = useFormat();
  const columns: DataTableColumn<BatchOrder>[] = [
    {
      key: 'name',
      label: t('columns.name'),
      wraps: true,
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
    <PagedTable
      columns={columns}
      rows={rows}
      rowId={(batch) => batch.sid}
      query={query}
      label={t('title')}
      paging={paging}
    />
  );
}
