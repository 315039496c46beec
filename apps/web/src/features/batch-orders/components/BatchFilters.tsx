import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BatchOrderListParams } from '../api.ts';
import { BATCH_PAGE_SIZES, type BatchSearchChange } from '../batch-search.ts';
import { BatchAccountSelect } from './BatchAccountSelect.tsx';

const PAGE_SIZE_OPTIONS = BATCH_PAGE_SIZES.map(String);

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
    <Group align="flex-end" gap="md" wrap="wrap">
      {isStaff ? (
        <BatchAccountSelect
          placeholder={t('filters.allAccounts')}
          value={search.account_sid || null}
          onChange={(accountSid) => change({ account_sid: accountSid ?? '' })}
        />
      ) : null}
      <TextInput
        label={t('filters.filter')}
        placeholder={t('filters.filterPlaceholder')}
        value={search.filter}
        onChange={(event) => change({ filter: event.currentTarget.value })}
        miw={220}
      />
      <TextInput
        label={t('filters.from')}
        type="date"
        value={search.from_date}
        max={search.to_date || undefined}
        onChange={(event) => change({ from_date: event.currentTarget.value })}
      />
      <TextInput
        label={t('filters.to')}
        type="date"
        value={search.to_date}
        min={search.from_date || undefined}
        onChange={(event) => change({ to_date: event.currentTarget.value })}
      />
      <Select
        label={t('filters.pageSize')}
        data={PAGE_SIZE_OPTIONS}
        value={String(search.page_size)}
        allowDeselect={false}
        // Wide enough for the label on one line in both languages ("Số dòng mỗi trang" wraps at 110).
        w={150}
        onChange={(value) => change({ page_size: Number(value) })}
      />
    </Group>
  );
}
