import { Group, Skeleton, Text } from '@mantine/core';
import { pageCountFor } from '../lib/pagination.ts';
import { PageControl } from './PageControl.tsx';

export interface PagedListFooterProps {
  /** How many rows the filters find; undefined until the server has answered. */
  total: number | undefined;
  /** The list's own words for the total ("12 orders", "Total records: 12"). */
  countText: (total: number) => string;
  /** Zero-based, as the server counts pages. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/**
 * Under a paged list: how many rows the filters find, and spec §9's page control. Until the first answer the
 * count is a placeholder rather than a 0 that is not true.
 */
export function PagedListFooter({ total, countText, page, pageSize, onPageChange }: PagedListFooterProps) {
  return (
    <Group justify="space-between">
      {total === undefined ? (
        <Skeleton height={14} width={80} aria-hidden />
      ) : (
        <Text size="sm" c="dimmed">
          {countText(total)}
        </Text>
      )}
      <PageControl page={page} pageCount={pageCountFor(total ?? 0, pageSize)} onChange={onPageChange} />
    </Group>
  );
}
