import { Group, Select, Stack, TextInput } from '@mantine/core';
import { ROLE_VALUES, Role, type User } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/AddButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { ActionsHeader, EditDeleteActions } from '../../../lib/RowActions.tsx';
import { useViewer } from '../../../lib/session.ts';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete.tsx';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter.ts';
import { useSignOut } from '../../auth/index.ts';
import { useDeleteUser, usersQuery } from '../api.ts';
import { UserAccountSelect } from '../components/UserAccountSelect.tsx';
import { USER_MANAGERS } from '../user-managers.ts';

/** The filters' "no restriction" choice. */
const ALL = 'all';
type RoleFilter = Role | typeof ALL;

/** Spec §2 Users: the list with filters by role (admins) and by account, add, edit and delete. */
function UsersList() {
  const { t } = useTranslation(['users', 'common']);
  const viewer = useViewer();
  const isAdmin = viewer?.role === Role.admin;
  const [role, setRole] = useState<RoleFilter>(ALL);
  const [accountSid, setAccountSid] = useState(ALL);
  const filter = useDebouncedFilter();

  // Only admins filter by role and account; the server keeps everyone else to their own account anyway.
  const users = useQuery({
    ...usersQuery({
      role: isAdmin && role !== ALL ? role : undefined,
      account_sid: isAdmin && accountSid !== ALL ? accountSid : undefined,
      filter: filter.debounced || undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const remove = useDeleteUser();
  const signOut = useSignOut();
  const deletion = useConfirmedDelete<User>({
    remove: (user) => remove.mutateAsync(user.sid),
    question: (user) => t('confirmDelete', { username: user.username }),
    done: () => t('deleted'),
    // Spec §4: deleting the signed-in user signs them out, as the Sign out button would.
    afterDelete: (user) => {
      if (user.sid === viewer?.userSid) signOut();
    },
  });

  const columns: SelectableTableColumn<User>[] = [
    { key: 'username', label: t('columns.username') },
    { key: 'role', label: t('columns.role'), render: (user) => t(`common:roles.${user.role}`) },
    { key: 'account_name', label: t('columns.account') },
    {
      key: 'force_change',
      label: t('columns.mustChange'),
      render: (user) => t(user.force_change ? 'common:yes' : 'common:no'),
    },
    {
      key: 'actions',
      label: <ActionsHeader />,
      render: (user) => (
        <EditDeleteActions editTo={`/internal/users/${user.sid}/edit`} onDelete={() => deletion.ask(user)} />
      ),
    },
  ];

  const roleFilterOptions: { value: RoleFilter; label: string }[] = [
    { value: ALL, label: t('all') },
    ...ROLE_VALUES.map((value) => ({ value, label: t(`common:roles.${value}`) })),
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        actions={<AddButton to="/internal/users/add">{t('addUser')}</AddButton>}
      />
      <Group grow align="flex-start">
        {isAdmin ? (
          <Select<RoleFilter>
            label={t('columns.role')}
            data={roleFilterOptions}
            allowDeselect={false}
            value={role}
            onChange={(value) => setRole(value ?? ALL)}
          />
        ) : null}
        <UserAccountSelect
          label={t('columns.account')}
          allOption
          isAdmin={isAdmin}
          ownAccountSid={viewer?.account_sid ?? null}
          value={isAdmin ? accountSid : (viewer?.account_sid ?? null)}
          onChange={(value) => setAccountSid(value ?? ALL)}
        />
        <TextInput
          label={t('common:filter')}
          value={filter.value}
          onChange={(event) => filter.setValue(event.currentTarget.value)}
        />
      </Group>
      <SelectableTable
        columns={columns}
        rows={users.data ?? []}
        rowId={(user) => user.sid}
        query={users}
        emptyText={t('common:noData')}
      />
      {deletion.dialog}
    </Stack>
  );
}

/** Operators do not manage users (spec §6: the entry is hidden from them and the server refuses them). */
export function UsersListPage() {
  const { t } = useTranslation(['users', 'common']);
  return (
    <RequireRole roles={USER_MANAGERS} message={t('noPermission')}>
      <UsersList />
    </RequireRole>
  );
}
