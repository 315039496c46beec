import { Table, UnstyledButton } from '@mantine/core';
import type { OrderSort } from '@parcelops/shared';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface SortHeaderProps {
  column: OrderSort;
  label: string;
  sort: OrderSort;
  direction: 'asc' | 'desc';
  onSort: (sort: OrderSort, direction: 'asc' | 'desc') => void;
  width?: number | string;
}

/**
 * A column header that orders the list by its column: pressed once it sorts (dates newest first, others from
 * A and from Generated), pressed again it turns the order round. The header tells assistive technology
 * which way the list is sorted (aria-sort).
 */
export function SortHeader({ column, label, sort, direction, onSort, width }: SortHeaderProps) {
  const { t } = useTranslation('orders');
  const active = sort === column;
  const firstDirection = column === 'date_created' ? 'desc' : 'asc';
  const next = active ? (direction === 'asc' ? 'desc' : 'asc') : firstDirection;
  const Icon = active ? (direction === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort;
  return (
    <Table.Th
      w={width}
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton
        onClick={() => onSort(column, next)}
        title={t('sortBy', { column: label })}
        fz="sm"
        fw={700}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {label}
        <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.45 }} />
      </UnstyledButton>
    </Table.Th>
  );
}
