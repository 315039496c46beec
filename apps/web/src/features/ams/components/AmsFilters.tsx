import { Group, Select, TextInput } from '@mantine/core';
import { AMS_PAGE_SIZES } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import type { AmsSearchChange } from '../ams-search.ts';
import type { AmsListParams } from '../api.ts';

const PAGE_SIZE_OPTIONS = AMS_PAGE_SIZES.map(String);

interface AmsFiltersProps {
  search: AmsListParams;
  change: (changes: AmsSearchChange) => void;
}

/** Spec §2 AMS list: the name filter, the creation date range and the page size; kept in the URL. */
export function AmsFilters({ search, change }: AmsFiltersProps) {
  const { t } = useTranslation('ams');
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <TextInput
        label={t('filters.name')}
        placeholder={t('filters.namePlaceholder')}
        value={search.name}
        onChange={(event) => change({ name: event.currentTarget.value })}
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
        // Wide enough for the label on one line in both languages.
        w={150}
        onChange={(value) => change({ page_size: Number(value) })}
      />
    </Group>
  );
}
