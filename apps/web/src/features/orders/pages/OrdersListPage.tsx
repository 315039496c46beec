import { Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Messages, ORDER_PAGE_SIZES, Role } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AddButton } from '../../../components/AddButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useViewer } from '../../../lib/session.ts';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete.tsx';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { type OrderSummary, orderStatisticQuery, ordersQuery, useDeleteOrder } from '../api.ts';
import { OrderAccountSelect } from '../components/OrderAccountSelect.tsx';
import { OrderStatusButtons } from '../components/OrderStatusButtons.tsx';
import { OrdersTable } from '../components/OrdersTable.tsx';
import { PageControl } from '../components/PageControl.tsx';
import { canAddOrders } from '../order-access.ts';
import { pageCountFor } from '../pagination.ts';
import { useOrderSearch } from '../use-order-search.ts';

const PAGE_SIZE_OPTIONS = ORDER_PAGE_SIZES.map(String);

/**
 * Spec §2 Orders, for everyone: the filters (account, master air waybill and carton label for staff only,
 * spec §6), the status buttons with their counts, one page of orders and the page control. Every filter is
 * kept in the URL.
 */
export function OrdersListPage() {
  const viewer = useViewer();
  const isStaff = viewer !== null && viewer.role !== Role.account;
  const placesOrders = viewer !== null && canAddOrders(viewer.role);
  const { search, query, statisticQuery, change } = useOrderSearch(isStaff);

  const orders = useQuery({ ...ordersQuery(query), placeholderData: keepPreviousData });
  const statistic = useQuery({ ...orderStatisticQuery(statisticQuery), placeholderData: keepPreviousData });
  useErrorToast(orders.error);
  useErrorToast(statistic.error);

  const remove = useDeleteOrder();
  const deletion = useConfirmedDelete<OrderSummary>({
    remove: (order) => remove.mutateAsync(order.sid),
    question: (order) => Messages.confirmDeleteOrder(order.orderNumber),
    done: () => Messages.orderDeleted,
  });

  const total = orders.data?.total ?? 0;
  const text = (key: 'filter' | 'ams_masterAirWaybill' | 'ams_carton_label') => ({
    value: search[key],
    onChange: (event: { currentTarget: { value: string } }) => change({ [key]: event.currentTarget.value }),
  });

  return (
    <Stack gap="md">
      <PageHeader
        title="Orders"
        actions={placesOrders ? <AddButton to="/internal/orders/add">Add order</AddButton> : null}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {isStaff ? (
          <OrderAccountSelect
            placeholder="All accounts"
            value={search.account_sid || null}
            onChange={(accountSid) => change({ account_sid: accountSid ?? '' })}
          />
        ) : null}
        <TextInput label="Filter" placeholder="Order no., barcode, customer" {...text('filter')} />
        {isStaff ? (
          <>
            <TextInput label="Master air waybill" {...text('ams_masterAirWaybill')} />
            <TextInput label="Carton label" {...text('ams_carton_label')} />
          </>
        ) : null}
      </SimpleGrid>
      <Group align="flex-end" gap="md">
        <TextInput
          label="From"
          type="date"
          value={search.from_date}
          max={search.to_date || undefined}
          onChange={(event) => change({ from_date: event.currentTarget.value })}
        />
        <TextInput
          label="To"
          type="date"
          value={search.to_date}
          min={search.from_date || undefined}
          onChange={(event) => change({ to_date: event.currentTarget.value })}
        />
        <Select
          label="Page size"
          data={PAGE_SIZE_OPTIONS}
          value={String(search.page_size)}
          allowDeselect={false}
          w={110}
          onChange={(value) => change({ page_size: Number(value) })}
        />
        <Checkbox
          label="Missing HS code"
          checked={search.filter_missing_hs_code}
          onChange={(event) => change({ filter_missing_hs_code: event.currentTarget.checked })}
          mb={8}
        />
      </Group>
      <OrderStatusButtons
        value={search.status}
        onChange={(status) => change({ status })}
        statistic={statistic.data}
      />
      <OrdersTable
        rows={orders.data?.data ?? []}
        showAccount={isStaff}
        onDelete={placesOrders ? deletion.ask : undefined}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {total === 1 ? '1 order' : `${total.toLocaleString('en-US')} orders`}
        </Text>
        <PageControl
          page={search.page}
          pageCount={pageCountFor(total, search.page_size)}
          onChange={(page) => change({ page })}
        />
      </Group>
      {deletion.dialog}
    </Stack>
  );
}
