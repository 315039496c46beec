import { Stack, TextInput } from '@mantine/core';
import { type PriceTableSummary, Role } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/AddButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { ActionsHeader, EditDeleteActions } from '../../../lib/RowActions.tsx';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete.tsx';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter.ts';
import { priceTablesQuery, useDeletePriceTable } from '../api.ts';

function PriceTablesList() {
  const { t } = useTranslation(['catalogs', 'common']);
  const format = useFormat();
  const filter = useDebouncedFilter();
  const tables = useQuery({ ...priceTablesQuery(filter.debounced), placeholderData: keepPreviousData });
  const remove = useDeletePriceTable();
  // A table that accounts still use answers 409 IN_USE; its msg names how many.
  const deletion = useConfirmedDelete<PriceTableSummary>({
    remove: (table) => remove.mutateAsync(table.sid),
    question: (table) => t('priceTables.confirmDelete', { name: table.name }),
    done: () => t('deleted'),
  });

  const columns: SelectableTableColumn<PriceTableSummary>[] = [
    { key: 'name', label: t('priceTables.columns.name') },
    { key: 'rows_count', label: t('priceTables.columns.rows'), numeric: true },
    { key: 'accounts_count', label: t('priceTables.columns.accountsUsing'), numeric: true },
    {
      key: 'date_created',
      label: t('priceTables.columns.created'),
      render: (table) => format.date(table.date_created),
    },
    {
      key: 'actions',
      label: <ActionsHeader />,
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
        title={t('priceTables.title')}
        actions={<AddButton to="/internal/pricese/add">{t('priceTables.add')}</AddButton>}
      />
      <TextInput
        label={t('common:filter')}
        value={filter.value}
        onChange={(event) => filter.setValue(event.currentTarget.value)}
      />
      <SelectableTable
        columns={columns}
        rows={tables.data ?? []}
        rowId={(table) => table.sid}
        query={tables}
        emptyText={t('priceTables.empty')}
      />
      {deletion.dialog}
    </Stack>
  );
}

/** Spec §2 Prices/Rates: the list with filter, add, edit and delete; admins only (spec §6). */
export function PriceTablesListPage() {
  const { t } = useTranslation('catalogs');
  return (
    <RequireRole roles={[Role.admin]} message={t('priceTables.noPermission')}>
      <PriceTablesList />
    </RequireRole>
  );
}
