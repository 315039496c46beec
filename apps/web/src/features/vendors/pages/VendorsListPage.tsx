import { Stack, TextInput } from '@mantine/core';
import { Role, type VendorSummary } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/AddButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { ActionsHeader, EditDeleteActions } from '../../../lib/RowActions.tsx';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete.tsx';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter.ts';
import { useDeleteVendor, vendorsQuery } from '../api.ts';

function VendorsList() {
  const { t } = useTranslation(['vendors', 'common']);
  const filter = useDebouncedFilter();
  const vendors = useQuery({ ...vendorsQuery(filter.debounced), placeholderData: keepPreviousData });
  const remove = useDeleteVendor();
  // A vendor that accounts still use answers 409 IN_USE; its msg says so.
  const deletion = useConfirmedDelete<VendorSummary>({
    remove: (vendor) => remove.mutateAsync(vendor.sid),
    question: (vendor) => t('confirmDelete', { name: vendor.name }),
    done: () => t('deleted'),
  });

  const columns: SelectableTableColumn<VendorSummary>[] = [
    { key: 'name', label: t('columns.name') },
    { key: 'vendor', label: t('columns.kind') },
    { key: 'accounts_count', label: t('columns.accountsUsing'), numeric: true },
    {
      key: 'actions',
      label: <ActionsHeader />,
      render: (vendor) => (
        <EditDeleteActions
          editTo={`/internal/vendors/${vendor.sid}/edit`}
          onDelete={() => deletion.ask(vendor)}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        actions={<AddButton to="/internal/vendors/add">{t('addVendor')}</AddButton>}
      />
      <TextInput
        label={t('common:filter')}
        value={filter.value}
        onChange={(event) => filter.setValue(event.currentTarget.value)}
      />
      <SelectableTable
        columns={columns}
        rows={vendors.data ?? []}
        rowId={(vendor) => vendor.sid}
        query={vendors}
        emptyText={t('empty')}
      />
      {deletion.dialog}
    </Stack>
  );
}

/** Spec §2 Vendors: the list with filter, add, edit and delete; admins only (spec §6). */
export function VendorsListPage() {
  const { t } = useTranslation('vendors');
  return (
    <RequireRole roles={[Role.admin]} message={t('noPermission')}>
      <VendorsList />
    </RequireRole>
  );
}
