import { Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type OrderSummary, Role } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/AddButton.tsx';
import { PagedListFooter } from '../../../components/PagedListFooter.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useViewer } from '../../../lib/session.ts';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete.tsx';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { ImportOrdersButton } from '../../imports/index.ts';
import { OrderReportButtons } from '../../reports/index.ts';
import { bulkOrdersInput, orderStatisticQuery, ordersQuery, useDeleteOrder } from '../api.ts';
import { BatchFilterChip } from '../components/BatchFilterChip.tsx';
import { ColumnChooser } from '../components/ColumnChooser.tsx';
import { OrderBulkBar } from '../components/OrderBulkBar.tsx';
import { OrderCards } from '../components/OrderCards.tsx';
import { OrderFilters } from '../components/OrderFilters.tsx';
import { OrderStatusButtons } from '../components/OrderStatusButtons.tsx';
import { OrdersTable } from '../components/OrdersTable.tsx';
import { canAddOrders } from '../order-access.ts';
import { useOrderColumns } from '../use-order-columns.ts';
import { useOrderSearch } from '../use-order-search.ts';
import { useOrderSelection } from '../use-order-selection.ts';

/**
 * Spec §2 Orders, for everyone: the filters (account, master air waybill and carton label for staff only,
 * spec §6), the status buttons with their counts, one page of orders (a table, cards on phones) with bulk
 * actions on the ticked ones, and the page control. Every filter and the order are kept in the URL. The list
 * says "No data." only once the server has said so: before, skeleton rows; after a failure, its msg and Retry.
 */
export function OrdersListPage() {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const viewer = useViewer();
  const isStaff = viewer !== null && viewer.role !== Role.account;
  const placesOrders = viewer !== null && canAddOrders(viewer.role);
  const phone = useMediaQuery('(max-width: 48em)', false);
  const { search, query, statisticQuery, change, activeFilters } = useOrderSearch(isStaff);
  const columns = useOrderColumns();
  const selection = useOrderSelection(JSON.stringify(query));

  const orders = useQuery({ ...ordersQuery(query), placeholderData: keepPreviousData });
  const statistic = useQuery({ ...orderStatisticQuery(statisticQuery), placeholderData: keepPreviousData });
  // The list's failure shows in place, with Retry; only a failure of the counts is a toast.
  useErrorToast(statistic.error);

  const remove = useDeleteOrder();
  const deletion = useConfirmedDelete<OrderSummary>({
    remove: (order) => remove.mutateAsync(order.sid),
    question: (order) => t('confirmDelete', { orderNumber: order.orderNumber }),
    done: () => t('deleted'),
  });

  const rows = orders.data?.data ?? [];
  const total = orders.data?.total ?? 0;
  const batchName = rows.find((row) => row.batch_sid === search.batch_sid)?.batch_name;
  const onDelete = placesOrders ? deletion.ask : undefined;
  const listProps = { rows, showAccount: isStaff, selection, onDelete };
  const bulkInput = bulkOrdersInput(
    selection.allMatching
      ? { filter: { ...statisticQuery, status: query.status } }
      : { sids: [...selection.sids] },
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        actions={
          <>
            <OrderReportButtons query={query} />
            <ImportOrdersButton />
            {placesOrders ? <AddButton to="/internal/orders/add">{t('addOrder')}</AddButton> : null}
          </>
        }
      />
      <OrderFilters
        search={search}
        change={change}
        isStaff={isStaff}
        activeFilters={activeFilters}
        status={
          <>
            {search.batch_sid ? (
              <BatchFilterChip
                batch={batchName || search.batch_sid}
                onRemove={() => change({ batch_sid: '' })}
              />
            ) : null}
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <OrderStatusButtons
                value={search.status}
                onChange={(status) => change({ status })}
                statistic={statistic.data}
              />
              {phone ? null : <ColumnChooser showAccount={isStaff} {...columns} />}
            </Group>
          </>
        }
      />
      <OrderBulkBar
        selection={selection}
        total={total}
        pageRows={rows.length}
        input={bulkInput}
        canDelete={placesOrders}
      />
      {phone ? (
        <OrderCards {...listProps} query={orders} />
      ) : (
        <OrdersTable
          {...listProps}
          query={orders}
          isShown={columns.isShown}
          sort={search.sort}
          direction={search.direction}
          onSort={(sort, direction) => change({ sort, direction })}
        />
      )}
      <PagedListFooter
        total={orders.data?.total}
        countText={(n) => (n === 1 ? t('count.one') : t('count.many', { n: format.number(n) }))}
        page={search.page}
        pageSize={search.page_size}
        onPageChange={(page) => change({ page })}
      />
      {deletion.dialog}
    </Stack>
  );
}
