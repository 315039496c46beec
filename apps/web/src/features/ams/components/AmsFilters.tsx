import { AMS_PAGE_SIZES } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { ListFilterBar } from '../../../components/ListFilterBar.tsx';
import type { AmsSearchChange } from '../ams-search.ts';
import type { AmsListParams } from '../api.ts';

interface AmsFiltersProps {
  search: AmsListParams;
  change: (changes: AmsSearchChange) => void;
}

/** Spec §2 AMS list: the name filter, the creation date range and the page size; kept in the URL. */
export function AmsFilters({ search, change }: AmsFiltersProps) {
  const { t } = useTranslation('ams');
  return (
    <ListFilterBar
      text={{
        label: t('filters.name'),
        placeholder: t('filters.namePlaceholder'),
        value: search.name,
        onChange: (name) => change({ name }),
      }}
      dates={{ from: search.from_date, to: search.to_date, onChange: change }}
      pageSize={{ sizes: AMS_PAGE_SIZES, value: search.page_size, onChange: change }}
    />
  );
}
