import { Button, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Messages, Role, type VendorSummary } from '@parcelops/shared';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { RowActions } from '../../../lib/RowActions.tsx';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useDeleteVendor, vendorsQuery } from '../api.ts';

/** Typing pauses this long before the list is fetched again, rather than once per keystroke. */
const FILTER_DEBOUNCE_MS = 300;
const VENDOR_DELETED = 'Successfully deleted';

function VendorsList() {
  const [filter, setFilter] = useState('');
  const [debouncedFilter] = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);
  const vendors = useQuery({ ...vendorsQuery(debouncedFilter), placeholderData: keepPreviousData });
  useErrorToast(vendors.error);
  const remove = useDeleteVendor();
  const [pending, setPending] = useState<VendorSummary | null>(null);

  const onConfirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending.sid, {
      onSuccess: () => notifySuccess(VENDOR_DELETED),
      // A vendor that accounts still use answers 409 IN_USE; its msg says so.
      onError: (error) => notifyError(error),
      onSettled: () => setPending(null),
    });
  };

  const columns: SelectableTableColumn<VendorSummary>[] = [
    { key: 'name', label: 'Name' },
    { key: 'vendor', label: 'Kind' },
    { key: 'accounts_count', label: 'Accounts using it', numeric: true },
    {
      key: 'actions',
      label: '',
      render: (vendor) => (
        <RowActions>
          <Button component={Link} to={`/internal/vendors/${vendor.sid}/edit`} size="xs" variant="light">
            Edit
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => setPending(vendor)}>
            Delete
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Vendors"
        actions={
          <Button component={Link} to="/internal/vendors/add" leftSection={<IconPlus size={16} />}>
            Add vendor
          </Button>
        }
      />
      <TextInput label="Filter" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} />
      <SelectableTable
        columns={columns}
        rows={vendors.data ?? []}
        rowId={(vendor) => vendor.sid}
        emptyText={Messages.noVendors}
      />
      <ConfirmDialog
        opened={pending !== null}
        message={pending ? Messages.confirmDeleteVendor(pending.name) : ''}
        onConfirm={onConfirmDelete}
        onCancel={() => setPending(null)}
        loading={remove.isPending}
      />
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
