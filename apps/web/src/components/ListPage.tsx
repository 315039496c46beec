import { Group, Stack } from '@mantine/core';
import { keepPreviousData, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ActionsHeader, EditDeleteActions } from '../lib/RowActions.tsx';
import { type ConfirmedDeleteOptions, useConfirmedDelete } from '../lib/use-confirmed-delete.tsx';
import { useDebouncedFilter } from '../lib/use-debounced-filter.ts';
import { AddButton } from './AddButton.tsx';
import { FilterBox } from './FilterBox.tsx';
import { PageHeader } from './PageHeader.tsx';
import { type PageAccess, WithAccess } from './RequireRole.tsx';
import { SelectableTable, type SelectableTableColumn } from './SelectableTable.tsx';

// biome-ignore lint/suspicious/noExplicitAny: any list's query key; the page only reads the rows.
type RowsQuery<Row> = UseQueryOptions<Row[], Error, Row[], any>;

interface ListPageProps<Row extends { sid: string }> {
  title: string;
  /** Who may open the list; anyone else is sent home with the refusal before anything is fetched. */
  access?: PageAccess;
  /** Where the rows' pages are: `{path}/add` adds one, `{path}/{sid}/edit` edits one. */
  path: string;
  addLabel: string;
  /** The rows for what the filter box holds (trimmed, once the typing pauses). */
  query: (filter: string) => RowsQuery<Row>;
  /** The data columns; every row ends with its Edit and Delete buttons. */
  columns: SelectableTableColumn<Row>[];
  emptyText: string;
  /** Deleting a row, after the confirmation: the server's msg is toasted on failure (e.g. 409 in use). */
  deletion: ConfirmedDeleteOptions<Row>;
  /** Filters besides the filter box, on one line with it. */
  filters?: ReactNode;
}

function List<Row extends { sid: string }>({
  title,
  path,
  addLabel,
  query,
  columns,
  emptyText,
  deletion: deletionOptions,
  filters,
}: ListPageProps<Row>) {
  const filter = useDebouncedFilter();
  const rows = useQuery({ ...query(filter.debounced), placeholderData: keepPreviousData });
  const deletion = useConfirmedDelete(deletionOptions);
  const filterBox = <FilterBox value={filter.value} onChange={filter.setValue} />;
  const actions: SelectableTableColumn<Row> = {
    key: 'actions',
    label: <ActionsHeader />,
    render: (row) => (
      <EditDeleteActions editTo={`${path}/${row.sid}/edit`} onDelete={() => deletion.ask(row)} />
    ),
  };

  return (
    <Stack gap="md">
      <PageHeader title={title} actions={<AddButton to={`${path}/add`}>{addLabel}</AddButton>} />
      {filters ? (
        <Group grow align="flex-start">
          {filters}
          {filterBox}
        </Group>
      ) : (
        filterBox
      )}
      <SelectableTable
        columns={[...columns, actions]}
        rows={rows.data ?? []}
        rowId={(row) => row.sid}
        query={rows}
        emptyText={emptyText}
      />
      {deletion.dialog}
    </Stack>
  );
}

/**
 * Spec §2's list screens (accounts, users, vendors, price tables): the title with its Add button, the filter
 * box, the table with each row's Edit and Delete, and the delete confirmation. A failed load shows once, in
 * the table with Retry, so it is not toasted as well.
 */
export function ListPage<Row extends { sid: string }>(props: ListPageProps<Row>) {
  return (
    <WithAccess access={props.access}>
      <List {...props} />
    </WithAccess>
  );
}
