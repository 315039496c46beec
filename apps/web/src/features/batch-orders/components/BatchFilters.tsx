import { useTranslation } from 'react-i18next';
import { ListFilterBar } from '../../../components/ListFilterBar.tsx';
import type { BatchOrderListParams } from '../api.ts';
import { BATCH_PAGE_SIZES, type BatchSearchChange } from '../batch-search.ts';

interface BatchFiltersProps {
  search: BatchOrderListParams;
  change: (changes: BatchSearchChange) => void;
  /** The account filter is the staff's: account users see their own batches only. */
  isStaff: boolean;
}

/** Spec §2 Batch orders: account (staff), date range and name filters, and the page size; kept in the URL. */
export function BatchFilters({ search, change, isStaff }: BatchFiltersProps) {
  const { t } = useTranslation('batchOrders');
  return (
    <ListFilterBar
      account={isStaff ? { value: search.account_sid, onChange: change } : undefined}
      text={{
        label: t('filters.filter'),
        placeholder: t('filters.filterPlaceholder'),
        value: search.filter,
        onChange: (filter) => change({ filter }),
      }}
      dates={{ from: search.from_date, to: search.to_date, onChange: change }}
      pageSize={{ sizes: BATCH_PAGE_SIZES, value: search.page_size, onChange: change }}
    />
  );
}
