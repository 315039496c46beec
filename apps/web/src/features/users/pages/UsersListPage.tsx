import { Select } from '@mantine/core';
import { ROLE_VALUES, Role } from '@parcelops/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSelect } from '../../../components/AccountSelect.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { useViewer } from '../../../lib/session.ts';
import { useSignOut } from '../../auth/index.ts';
import { useDeleteUser, usersQuery } from '../api.ts';
import { USER_MANAGERS } from '../user-managers.ts';

/** The filters' "no restriction" choice. */
const ALL = 'all';
type RoleFilter = Role | typeof ALL;

/**
 * Spec §2 Users: the list with filters by role (admins) and by account, add, edit and delete. Operators do not
 * manage users (spec §6: the entry is hidden from them and the server refuses them).
 */
export function UsersListPage() {
  const { t } = useTranslation(['users', 'common']);
  const viewer = useViewer();
  const isAdmin = viewer?.role === Role.admin;
  const [role, setRole] = useState<RoleFilter>(ALL);
  const [accountSid, setAccountSid] = useState(ALL);
  const remove = useDeleteUser();
  const signOut = useSignOut();

  const roleFilterOptions: { value: RoleFilter; label: string }[] = [
    { value: ALL, label: t('all') },
    ...ROLE_VALUES.map((value) => ({ value, label: t(`common:roles.${value}`) })),
  ];

  return (
    <ListPage
      title={t('title')}
      access={{ roles: USER_MANAGERS, refusal: t('noPermission') }}
      path="/internal/users"
      addLabel={t('addUser')}
      // Only admins filter by role and account; the server keeps everyone else to their own account anyway.
      query={(filter) =>
        usersQuery({
          role: isAdmin && role !== ALL ? role : undefined,
          account_sid: isAdmin && accountSid !== ALL ? accountSid : undefined,
          filter: filter || undefined,
        })
      }
      filters={
        <>
          {isAdmin ? (
            <Select<RoleFilter>
              label={t('columns.role')}
              data={roleFilterOptions}
              allowDeselect={false}
              value={role}
              onChange={(value) => setRole(value ?? ALL)}
            />
          ) : null}
          <AccountSelect
            label={t('columns.account')}
            placeholder={t('form.chooseAccount')}
            allOption={{ value: ALL, label: t('all') }}
            // Spec §6: anyone but an admin sees only their own account here, fixed.
            onlyAccount={isAdmin ? undefined : (viewer?.account_sid ?? null)}
            value={isAdmin ? accountSid : (viewer?.account_sid ?? null)}
            onChange={(value) => setAccountSid(value ?? ALL)}
          />
        </>
      }
      columns={[
        { key: 'username', label: t('columns.username') },
        { key: 'role', label: t('columns.role'), render: (user) => t(`common:roles.${user.role}`) },
        { key: 'account_name', label: t('columns.account') },
        {
          key: 'force_change',
          label: t('columns.mustChange'),
          render: (user) => t(user.force_change ? 'common:yes' : 'common:no'),
        },
      ]}
      emptyText={t('common:noData')}
      deletion={{
        remove: (user) => remove.mutateAsync(user.sid),
        question: (user) => t('confirmDelete', { username: user.username }),
        done: () => t('deleted'),
        // Spec §4: deleting the signed-in user signs them out, as the Sign out button would.
        afterDelete: (user) => {
          if (user.sid === viewer?.userSid) signOut();
        },
      }}
    />
  );
}
