import { Stack } from '@mantine/core';
import { Messages } from '@parcelops/shared';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateUser } from '../api.ts';
import { UserForm } from '../components/UserForm.tsx';

const LIST_PATH = '/internal/users';

export function UserAddPage() {
  const navigate = useNavigate();
  const create = useCreateUser();
  return (
    <Stack gap="md">
      <PageHeader title="Add user" />
      <UserForm
        mode="add"
        onSubmit={async (payload) => {
          await create.mutateAsync(payload);
          notifySuccess(Messages.userCreated);
          navigate(LIST_PATH);
        }}
        onCancel={() => navigate(LIST_PATH)}
      />
    </Stack>
  );
}
