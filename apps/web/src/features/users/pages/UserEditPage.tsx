import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { userQuery, useUpdateUser } from '../api.ts';
import { UserForm } from '../components/UserForm.tsx';
import { USER_MANAGERS } from '../user-managers.ts';

const LIST_PATH = '/internal/users';

function EditUser() {
  const { t } = useTranslation('users');
  const { user_sid: sid = '' } = useParams();
  const navigate = useNavigate();
  // A failed load shows once, inline with Retry.
  const user = useQuery(userQuery(sid));
  const update = useUpdateUser(sid);

  return (
    <Stack gap="md">
      <PageHeader title={t('editTitle')} />
      <QueryState query={user}>
        {(data) => (
          <UserForm
            key={data.sid}
            mode="edit"
            user={data}
            onSubmit={async (payload) => {
              await update.mutateAsync(payload);
              notifySuccess(t('updated'));
              navigate(LIST_PATH);
            }}
            onCancel={() => navigate(LIST_PATH)}
          />
        )}
      </QueryState>
    </Stack>
  );
}

export function UserEditPage() {
  const { t } = useTranslation('users');
  return (
    <RequireRole roles={USER_MANAGERS} message={t('noPermission')}>
      <EditUser />
    </RequireRole>
  );
}
