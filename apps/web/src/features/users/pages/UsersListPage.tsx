import { Group, Select, Stack, TextInput } from '@mantine/core';
import { Messages, ROLE_LABELS, ROLE_VALUES, Role, type User } from '@parcelops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AddButton } from '../../../components/AddButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { EditDeleteActions } from '../../../lib/RowActions.tsx';
import { useViewer } from '../../../lib/session.ts';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete.tsx';
import { useDebouncedFilter } from '../../../lib/use-debounced-filter.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useSignOut } from '../../auth/index.ts';
import { useDeleteUser, usersQuery } from '../api.ts';
import { UserAccountSelect } from '../components/UserAccountSelect.tsx';

/** The filters' "no restriction" choice. */
const ALL = 'all';
type RoleFilter = Role | typeof ALL;

const ROLE_FILTER_OPTIONS: { value: RoleFilter; label: string }[] = [
  { value: ALL, label: 'All' },
  ...ROLE_VALUES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];

/** Spec §2 Users: the list with filters by role (admins) and by account, add, edit and delete. */
export function UsersListPage() {
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
  useErrorToast(users.error);
  const remove = useDeleteUser();
  const signOut = useSignOut();
  const deletion = useConfirmedDelete<User>({
    remove: (user) => remove.mutateAsync(user.sid),
    question: (user) => `Do you want to delete the user ${user.username}?`,
    done: () => Messages.userDeleted,
    // Spec §4: deleting the signed-in user signs them out, as the Sign out button would.
    afterDelete: (user) => {
      if (user.sid === viewer?.userSid) signOut();
    },
  });

  const columns: SelectableTableColumn<User>[] = [
    { key: 'username', label: 'Username' },
    { key: 'role', label: 'Role', render: (user) => ROLE_LABELS[user.role] },
    { key: 'account_name', label: 'Account' },
    {
      key: 'force_change',
      label: 'Must change password',
      render: (user) => (user.force_change ? 'Yes' : 'No'),
    },
    {
      key: 'actions',
      label: '',
      render: (user) => (
        <EditDeleteActions editTo={`/internal/users/${user.sid}/edit`} onDelete={() => deletion.ask(user)} />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title="Users" actions={<AddButton to="/internal/users/add">Add user</AddButton>} />
      <Group grow align="flex-start">
        {isAdmin ? (
          <Select<RoleFilter>
            label="Role"
            data={ROLE_FILTER_OPTIONS}
            allowDeselect={false}
            value={role}
            onChange={(value) => setRole(value ?? ALL)}
          />
        ) : null}
        <UserAccountSelect
          label="Account"
          allOption
          isAdmin={isAdmin}
          ownAccountSid={viewer?.account_sid ?? null}
          value={isAdmin ? accountSid : (viewer?.account_sid ?? null)}
          onChange={(value) => setAccountSid(value ?? ALL)}
        />
        <TextInput
          label="Filter"
          value={filter.value}
          onChange={(event) => filter.setValue(event.currentTarget.value)}
        />
      </Group>
      <SelectableTable columns={columns} rows={users.data ?? []} rowId={(user) => user.sid} />
      {deletion.dialog}
    </Stack>
  );
}
