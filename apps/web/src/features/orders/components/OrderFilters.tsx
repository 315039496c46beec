import { Checkbox, TextInput } from '@mantine/core';
import { ORDER_PAGE_SIZES } from '@parcelops/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilterBar } from '../../../components/ListFilterBar.tsx';
import type { OrderListParams } from '../api.ts';
import { dateInputValue, type OrderSearchChange } from '../order-search.ts';

interface OrderFiltersProps {
  search: OrderListParams;
  change: (changes: OrderSearchChange) => void;
  /** Account, master air waybill and carton label are the staff's filters (spec §6). */
  isStaff: boolean;
  /** How many filters are set, for the phone's fold. */
  activeFilters: number;
  /** Under the filters, outside the phone's fold: the batch chip and the status buttons. */
  status: ReactNode;
}

/** Spec §2 Orders: the list's filters, all kept in the URL by the caller. */
export function OrderFilters({ search, change, isStaff, activeFilters, status }: OrderFiltersProps) {
  const { t } = useTranslation('orders');
  const text = (key: 'ams_masterAirWaybill' | 'ams_carton_label') => ({
    value: search[key],
    onChange: (event: { currentTarget: { value: string } }) => change({ [key]: event.currentTarget.value }),
  });
  return (
    <ListFilterBar
      layout="grid"
      // On a phone the filters fold away, so the first order is on the first screen.
      foldOnPhone={{ active: activeFilters }}
      account={isStaff ? { value: search.account_sid, onChange: change } : undefined}
      text={{
        label: t('filters.filter'),
        placeholder: t('filters.filterPlaceholder'),
        // What the box searches (issue 28).
        description: t('filters.filterHint'),
        value: search.filter,
        onChange: (filter) => change({ filter }),
      }}
      more={
        isStaff ? (
          <>
            <TextInput label={t('filters.masterAirWaybill')} {...text('ams_masterAirWaybill')} />
            <TextInput label={t('filters.cartonLabel')} {...text('ams_carton_label')} />
          </>
        ) : null
      }
      dates={{ from: dateInputValue(search.from_date), to: dateInputValue(search.to_date), onChange: change }}
      pageSize={{ sizes: ORDER_PAGE_SIZES, value: search.page_size, onChange: change }}
      trailing={
        <Checkbox
          label={t('filters.missingHsCode')}
          checked={search.filter_missing_hs_code}
          onChange={(event) => change({ filter_missing_hs_code: event.currentTarget.checked })}
          mb={8}
        />
      }
      status={status}
    />
  );
}
