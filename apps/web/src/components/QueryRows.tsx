import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryError, type QueryLike, SkeletonRows } from './QueryState.tsx';

interface QueryRowsProps {
  /** The query behind the rows; without one the rows are simply shown, or the empty text. */
  query?: QueryLike | undefined;
  rowCount: number;
  /** How many cells a row spans, for the state rows. */
  columns: number;
  emptyText: ReactNode;
  /** The rows themselves, shown whenever there are any (a failed refetch keeps the rows it had). */
  children: ReactNode;
}

/**
 * What a table body shows for its query (see QueryState): the failure with Retry, skeleton rows before the
 * first answer, the empty text only once the server has said there is nothing, else the rows.
 */
export function QueryRows({ query, rowCount, columns, emptyText, children }: QueryRowsProps) {
  if (rowCount > 0) return children;
  if (query?.isError)
    return (
      <Table.Tr>
        <Table.Td colSpan={columns}>
          <QueryError error={query.error} onRetry={query.refetch} />
        </Table.Td>
      </Table.Tr>
    );
  if (query?.isPending) return <SkeletonRows columns={columns} />;
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center" size="sm">
          {emptyText}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
