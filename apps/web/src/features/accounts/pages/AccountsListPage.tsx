import { NumberFormatter, Stack, TextInput } from '@mantine/core';
import { type Account, Messages, Role } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AddButton } from '../../../components/AddButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { EditDeleteActions } from '../../../lib/RowActions.tsx';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete.tsx';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { accountsQuery, useDeleteAccount } from '../api.ts';

function AccountsList() {
  const filter = useDebouncedFilter();
  const accounts = useQuery({ ...accountsQuery(filter.debounced), placeholderData: keepPreviousData });
  useErrorToast(accounts.error);
  const remove = useDeleteAccount();
  const deletion = useConfirmedDelete<Account>({
    remove: (account) => remove.mutateAsync(account.sid),
    question: (account) => `Do you want to delete the account ${account.name}?`,
    done: (account) => Messages.accountDeleted(account.name),
  });

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
        <EditDeleteActions
          editTo={`/internal/accounts/${account.sid}/edit`}
          onDelete={() => deletion.ask(account)}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title="Accounts" actions={<AddButton to="/internal/accounts/add">Add account</AddButton>} />
      <TextInput
        label="Filter"
        value={filter.value}
        onChange={(event) => filter.setValue(event.currentTarget.value)}
      />
      <SelectableTable columns={columns} rows={accounts.data ?? []} rowId={(account) => account.sid} />
      {deletion.dialog}
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
