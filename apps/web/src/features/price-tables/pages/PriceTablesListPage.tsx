import { Stack, TextInput } from '@mantine/core';
import { Messages, type PriceTableSummary, Role } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AddButton } from '../../../components/AddButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { EditDeleteActions } from '../../../lib/RowActions.tsx';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete.tsx';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { priceTablesQuery, useDeletePriceTable } from '../api.ts';

const createdOn = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function PriceTablesList() {
  const filter = useDebouncedFilter();
  const tables = useQuery({ ...priceTablesQuery(filter.debounced), placeholderData: keepPreviousData });
  useErrorToast(tables.error);
  const remove = useDeletePriceTable();
  // A table that accounts still use answers 409 IN_USE; its msg names how many.
  const deletion = useConfirmedDelete<PriceTableSummary>({
    remove: (table) => remove.mutateAsync(table.sid),
    question: (table) => `Do you want to delete the price table ${table.name}?`,
    done: () => Messages.successfullyDeleted,
  });

  const columns: SelectableTableColumn<PriceTableSummary>[] = [
    { key: 'name', label: 'Name' },
    { key: 'rows_count', label: 'Rows', numeric: true },
    { key: 'accounts_count', label: 'Accounts using it', numeric: true },
    {
      key: 'date_created',
      label: 'Created',
      render: (table) => createdOn.format(new Date(table.date_created)),
    },
    {
      key: 'actions',
      label: '',
      render: (table) => (
        <EditDeleteActions
          editTo={`/internal/pricese/${table.sid}/edit`}
          onDelete={() => deletion.ask(table)}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Prices/Rates"
        actions={<AddButton to="/internal/pricese/add">Add price table</AddButton>}
      />
      <TextInput
        label="Filter"
        value={filter.value}
        onChange={(event) => filter.setValue(event.currentTarget.value)}
      />
      <SelectableTable
        columns={columns}
        rows={tables.data ?? []}
        rowId={(table) => table.sid}
        emptyText={Messages.noPricese}
      />
      {deletion.dialog}
    </Stack>
  );
}

/** Spec §2 Prices/Rates: the list with filter, add, edit and delete; admins only (spec §6). */
export function PriceTablesListPage() {
  return (
    <RequireRole roles={[Role.admin]} message={Messages.noPermissionViewPricese}>
      <PriceTablesList />
    </RequireRole>
  );
}
