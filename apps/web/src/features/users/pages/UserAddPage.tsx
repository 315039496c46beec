import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateUser } from '../api.ts';
import { UserForm } from '../components/UserForm.tsx';
import { USER_MANAGERS } from '../user-managers.ts';

const LIST_PATH = '/internal/users';

function AddUser() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const create = useCreateUser();
  return (
    <Stack gap="md">
      <PageHeader title={t('addTitle')} />
      <UserForm
        mode="add"
        onSubmit={async (payload) => {
          await create.mutateAsync(payload);
          notifySuccess(t('created'));
          navigate(LIST_PATH);
        }}
        onCancel={() => navigate(LIST_PATH)}
      />
    </Stack>
  );
}

/** An operator would get a form the server refuses to save, so they are sent home with the reason instead. */
export function UserAddPage() {
  const { t } = useTranslation('users');
  return (
    <RequireRole roles={USER_MANAGERS} message={t('noPermission')}>
      <AddUser />
    </RequireRole>
  );
}
