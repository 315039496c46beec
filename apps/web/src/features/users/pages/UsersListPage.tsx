import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Messages, ROLE_LABELS, ROLE_VALUES, Role, type User } from '@parcelops/shared';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SelectableTable, type SelectableTableColumn } from '../../../components/SelectableTable.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { RowActions } from '../../../lib/RowActions.tsx';
import { useViewer } from '../../../lib/session.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useSignOut } from '../../auth/index.ts';
import { useDeleteUser, usersQuery } from '../api.ts';
import { UserAccountSelect } from '../components/UserAccountSelect.tsx';

/** Typing pauses this long before the list is fetched again, rather than once per keystroke. */
const FILTER_DEBOUNCE_MS = 300;
/** The filters' "no restriction" choice. */
const ALL = 'all';
type RoleFilter = Role | typeof ALL;

const ROLE_FILTER_OPTIONS: { value: RoleFilter; label: string }[] = [
  { value: ALL, label: 'All' },
  ...ROLE_VALUES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];

const confirmDelete = (username: string) => `Do you want to delete the user ${username}?`;

/** Spec §2 Users: the list with filters by role (admins) and by account, add, edit and delete. */
export function UsersListPage() {
  const viewer = useViewer();
  const isAdmin = viewer?.role === Role.admin;
  const [role, setRole] = useState<RoleFilter>(ALL);
  const [accountSid, setAccountSid] = useState(ALL);
  const [filter, setFilter] = useState('');
  const [debouncedFilter] = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);

  // Only admins filter by role and account; the server keeps everyone else to their own account anyway.
  const users = useQuery({
    ...usersQuery({
      role: isAdmin && role !== ALL ? role : undefined,
      account_sid: isAdmin && accountSid !== ALL ? accountSid : undefined,
      filter: debouncedFilter || undefined,
    }),
    placeholderData: keepPreviousData,
  });
  useErrorToast(users.error);
  const remove = useDeleteUser();
  const signOut = useSignOut();
  const [pending, setPending] = useState<User | null>(null);

  const onConfirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending.sid, {
      onSuccess: () => {
        notifySuccess(Messages.userDeleted);
        // Spec §4: deleting the signed-in user signs them out, as the Sign out button would.
        if (pending.sid === viewer?.userSid) signOut();
      },
      onError: (error) => notifyError(error),
      onSettled: () => setPending(null),
    });
  };

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
        <RowActions>
          <Button component={Link} to={`/internal/users/${user.sid}/edit`} size="xs" variant="light">
            Edit
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => setPending(user)}>
            Delete
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Users"
        actions={
          <Button component={Link} to="/internal/users/add" leftSection={<IconPlus size={16} />}>
            Add user
          </Button>
        }
      />
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
        <TextInput label="Filter" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} />
      </Group>
      <SelectableTable columns={columns} rows={users.data ?? []} rowId={(user) => user.sid} />
      <ConfirmDialog
        opened={pending !== null}
        message={pending ? confirmDelete(pending.username) : ''}
        onConfirm={onConfirmDelete}
        onCancel={() => setPending(null)}
        loading={remove.isPending}
      />
    </Stack>
  );
}
