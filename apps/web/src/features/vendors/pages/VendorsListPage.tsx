import { Stack, TextInput } from '@mantine/core';
import { Messages, Role, type VendorSummary } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AddButton } from '../../../components/AddButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { EditDeleteActions } from '../../../lib/RowActions.tsx';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete.tsx';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useDeleteVendor, vendorsQuery } from '../api.ts';

function VendorsList() {
  const filter = useDebouncedFilter();
  const vendors = useQuery({ ...vendorsQuery(filter.debounced), placeholderData: keepPreviousData });
  useErrorToast(vendors.error);
  const remove = useDeleteVendor();
  // A vendor that accounts still use answers 409 IN_USE; its msg says so.
  const deletion = useConfirmedDelete<VendorSummary>({
    remove: (vendor) => remove.mutateAsync(vendor.sid),
    question: (vendor) => Messages.confirmDeleteVendor(vendor.name),
    done: () => Messages.successfullyDeleted,
  });

  const columns: SelectableTableColumn<VendorSummary>[] = [
    { key: 'name', label: 'Name' },
    { key: 'vendor', label: 'Kind' },
    { key: 'accounts_count', label: 'Accounts using it', numeric: true },
    {
      key: 'actions',
      label: '',
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
      <PageHeader title="Vendors" actions={<AddButton to="/internal/vendors/add">Add vendor</AddButton>} />
      <TextInput
        label="Filter"
        value={filter.value}
        onChange={(event) => filter.setValue(event.currentTarget.value)}
      />
      <SelectableTable
        columns={columns}
        rows={vendors.data ?? []}
        rowId={(vendor) => vendor.sid}
        emptyText={Messages.noVendors}
      />
      {deletion.dialog}
    </Stack>
  );
}

/** Spec §2 Vendors: the list with filter, add, edit and delete; admins only (spec §6). */
export function VendorsListPage() {
  return (
    <RequireRole roles={[Role.admin]} message={Messages.noPermissionViewVendors}>
      <VendorsList />
    </RequireRole>
  );
}
