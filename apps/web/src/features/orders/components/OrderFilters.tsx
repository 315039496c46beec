import { Checkbox, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { ORDER_PAGE_SIZES } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import type { OrderListParams } from '../api.ts';
import { dateInputValue, type OrderSearchChange } from '../order-search.ts';
import { OrderAccountSelect } from './OrderAccountSelect.tsx';

const PAGE_SIZE_OPTIONS = ORDER_PAGE_SIZES.map(String);

interface OrderFiltersProps {
  search: OrderListParams;
  change: (changes: OrderSearchChange) => void;
  /** Account, master air waybill and carton label are the staff's filters (spec §6). */
  isStaff: boolean;
}

/** Spec §2 Orders: the list's filters, all kept in the URL by the caller. */
export function OrderFilters({ search, change, isStaff }: OrderFiltersProps) {
  const { t } = useTranslation('orders');
  const text = (key: 'filter' | 'ams_masterAirWaybill' | 'ams_carton_label') => ({
    value: search[key],
    onChange: (event: { currentTarget: { value: string } }) => change({ [key]: event.currentTarget.value }),
  });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {isStaff ? (
          <OrderAccountSelect
            placeholder={t('filters.allAccounts')}
            value={search.account_sid || null}
            onChange={(accountSid) => change({ account_sid: accountSid ?? '' })}
          />
        ) : null}
        <TextInput
          label={t('filters.filter')}
          placeholder={t('filters.filterPlaceholder')}
          // What the box searches (issue 28), under the box so the row's inputs stay level.
          description={t('filters.filterHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...text('filter')}
        />
        {isStaff ? (
          <>
            <TextInput label={t('filters.masterAirWaybill')} {...text('ams_masterAirWaybill')} />
            <TextInput label={t('filters.cartonLabel')} {...text('ams_carton_label')} />
          </>
        ) : null}
      </SimpleGrid>
      <Group align="flex-end" gap="md">
        <TextInput
          label={t('filters.from')}
          type="date"
          value={dateInputValue(search.from_date)}
          max={dateInputValue(search.to_date) || undefined}
          onChange={(event) => change({ from_date: event.currentTarget.value })}
        />
        <TextInput
          label={t('filters.to')}
          type="date"
          value={dateInputValue(search.to_date)}
          min={dateInputValue(search.from_date) || undefined}
          onChange={(event) => change({ to_date: event.currentTarget.value })}
        />
        <Select
          label={t('filters.pageSize')}
          data={PAGE_SIZE_OPTIONS}
          value={String(search.page_size)}
          allowDeselect={false}
          w={150}
          onChange={(value) => change({ page_size: Number(value) })}
        />
        <Checkbox
          label={t('filters.missingHsCode')}
          checked={search.filter_missing_hs_code}
          onChange={(event) => change({ filter_missing_hs_code: event.currentTarget.checked })}
          mb={8}
        />
      </Group>
    </>
  );
}
