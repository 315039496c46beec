import { Alert, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { userQuery, useUpdateUser } from '../api.ts';
import { UserForm } from '../components/UserForm.tsx';

const LIST_PATH = '/internal/users';
const USER_UPDATED = 'User updated successfully';

export function UserEditPage() {
  const { user_sid: sid = '' } = useParams();
  const navigate = useNavigate();
  const user = useQuery(userQuery(sid));
  useErrorToast(user.error);
  const update = useUpdateUser(sid);

  if (user.isPending) return <Loader />;
  return (
    <Stack gap="md">
      <PageHeader title="Edit user" />
      {user.isError ? (
        <Alert color="red">{errorMessage(user.error)}</Alert>
      ) : (
        <UserForm
          key={user.data.sid}
          mode="edit"
          user={user.data}
          onSubmit={async (payload) => {
            await update.mutateAsync(payload);
            notifySuccess(USER_UPDATED);
            navigate(LIST_PATH);
          }}
          onCancel={() => navigate(LIST_PATH)}
        />
      )}
    </Stack>
  );
}
