import { Stack } from '@mantine/core';
import { Role } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/AddButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useViewer } from '../../../lib/session.ts';
import { batchOrdersQuery } from '../api.ts';
import { BatchFilters } from '../components/BatchFilters.tsx';
import { BatchOrdersTable } from '../components/BatchOrdersTable.tsx';
import { useBatchSearch } from '../use-batch-search.ts';

/**
 * Spec §2 Batch orders, for everyone: account (staff only), date and name filters, one page of batches and
 * the page control, all kept in the URL; "Add batch order" leads to Create Batch Order. A page with a running
 * batch follows it until it is done.
 */
export function BatchOrdersListPage() {
  const { t } = useTranslation('batchOrders');
  const format = useFormat();
  const viewer = useViewer();
  const isStaff = viewer?.role === Role.admin || viewer?.role === Role.operator;
  const { search, query, change } = useBatchSearch(isStaff);
  const batches = useQuery(batchOrdersQuery(query));
  const rows = batches.data?.data ?? [];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        actions={<AddButton to="/internal/batch_orders/add">{t('add')}</AddButton>}
      />
      <BatchFilters search={search} change={change} isStaff={isStaff} />
      <BatchOrdersTable
        rows={rows}
        query={batches}
        showAccount={isStaff}
        paging={{
          total: batches.data?.total,
          countText: (n) => (n === 1 ? t('count.one') : t('count.many', { n: format.number(n) })),
          page: search.page,
          pageSize: search.page_size,
          onPageChange: (page) => change({ page }),
        }}
      />
    </Stack>
  );
}
