import { Stack, TextInput } from '@mantine/core';
import { type Account, Role } from '@parcelops/shared';
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
import { accountsQuery, useDeleteAccount } from '../api.ts';

function AccountsList() {
  const { t } = useTranslation(['accounts', 'common']);
  const format = useFormat();
  const filter = useDebouncedFilter();
  // A failed load shows inline in the table (with Retry), so it is not toasted as well.
  const accounts = useQuery({ ...accountsQuery(filter.debounced), placeholderData: keepPreviousData });
  const remove = useDeleteAccount();
  const deletion = useConfirmedDelete<Account>({
    remove: (account) => remove.mutateAsync(account.sid),
    question: (account) => t('confirmDelete', { name: account.name }),
    done: (account) => t('deleted', { name: account.name }),
  });

  const columns: SelectableTableColumn<Account>[] = [
    { key: 'name', label: t('columns.name') },
    { key: 'email', label: t('columns.email') },
    { key: 'vendor', label: t('columns.vendor') },
    {
      key: 'is_active',
      label: t('columns.active'),
      render: (account) => t(account.is_active ? 'common:yes' : 'common:no'),
    },
    {
      key: 'credit',
      label: t('columns.credit'),
      numeric: true,
      render: (account) =>
        account.use_credit ? format.money(account.credit_balance, account.credit_unit) : null,
    },
    {
      key: 'actions',
      label: <ActionsHeader />,
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
      <PageHeader
        title={t('title')}
        actions={<AddButton to="/internal/accounts/add">{t('addAccount')}</AddButton>}
      />
      <TextInput
        label={t('common:filter')}
        value={filter.value}
        onChange={(event) => filter.setValue(event.currentTarget.value)}
      />
      <SelectableTable
        columns={columns}
        rows={accounts.data ?? []}
        rowId={(account) => account.sid}
        query={accounts}
        emptyText={t('common:noData')}
      />
      {deletion.dialog}
    </Stack>
  );
}

/** Spec §2 Accounts: the list with filter, add, edit and delete; admins only (spec §6). */
export function AccountsListPage() {
  const { t } = useTranslation(['accounts', 'common']);
  return (
    <RequireRole roles={[Role.admin]} message={t('noPermissionViewAll')}>
      <AccountsList />
    </RequireRole>
  );
}
