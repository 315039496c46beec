import { Button, NumberFormatter, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Account, Messages, Role } from '@parcelops/shared';
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
import { accountsQuery, useDeleteAccount } from '../api.ts';

/** Typing pauses this long before the list is fetched again, rather than once per keystroke. */
const FILTER_DEBOUNCE_MS = 300;

const confirmDelete = (name: string) => `Do you want to delete the account ${name}?`;

function AccountsList() {
  const [filter, setFilter] = useState('');
  const [debouncedFilter] = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);
  const accounts = useQuery({ ...accountsQuery(debouncedFilter), placeholderData: keepPreviousData });
  useErrorToast(accounts.error);
  const remove = useDeleteAccount();
  const [pending, setPending] = useState<Account | null>(null);

  const onConfirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending.sid, {
      onSuccess: () => notifySuccess(Messages.accountDeleted(pending.name)),
      onError: (error) => notifyError(error),
      onSettled: () => setPending(null),
    });
  };

  const columns: SelectableTableColumn<Account>[] = [
    { key: 'name', label: 'Name' },
    { key: 'email', label: 'Email' },
    { key: 'vendor', label: 'Vendor' },
    { key: 'is_active', label: 'Active', render: (account) => (account.is_active ? 'Yes' : 'No') },
    {
      key: 'credit',
      label: 'Credit',
      numeric: true,
      render: (account) =>
        account.use_credit ? (
          <NumberFormatter
            value={account.credit_balance}
            thousandSeparator
            suffix={` ${account.credit_unit}`}
          />
        ) : null,
    },
    {
      key: 'actions',
      label: '',
      render: (account) => (
        <RowActions>
          <Button component={Link} to={`/internal/accounts/${account.sid}/edit`} size="xs" variant="light">
            Edit
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => setPending(account)}>
            Delete
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Accounts"
        actions={
          <Button component={Link} to="/internal/accounts/add" leftSection={<IconPlus size={16} />}>
            Add account
          </Button>
        }
      />
      <TextInput label="Filter" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} />
      <SelectableTable columns={columns} rows={accounts.data ?? []} rowId={(account) => account.sid} />
      <ConfirmDialog
        opened={pending !== null}
        message={pending ? confirmDelete(pending.name) : ''}
        onConfirm={onConfirmDelete}
        onCancel={() => setPending(null)}
        loading={remove.isPending}
      />
    </Stack>
  );
}

/** Spec §2 Accounts: the list with filter, add, edit and delete; admins only (spec §6). */
export function AccountsListPage() {
  return (
    <RequireRole roles={[Role.admin]} message={Messages.noPermissionViewAccounts}>
      <AccountsList />
    </RequireRole>
  );
}
