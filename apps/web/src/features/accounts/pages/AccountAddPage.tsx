import { Stack } from '@mantine/core';
import { Messages, Role } from '@parcelops/shared';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateAccount } from '../api.ts';
import { AccountForm } from '../components/AccountForm.tsx';

function AddAccount() {
  const navigate = useNavigate();
  const create = useCreateAccount();
  return (
    <Stack gap="md">
      <PageHeader title="Add account" />
      <AccountForm
        mode="add"
        onSubmit={async (payload) => {
          const account = await create.mutateAsync(payload);
          notifySuccess(Messages.accountAdded);
          // The edit page is where the new account's API keys are made.
          navigate(`/internal/accounts/${account.sid}/edit`);
        }}
        onCancel={() => navigate('/internal/accounts')}
      />
    </Stack>
  );
}

/** Only admins create accounts (the server refuses anyone else). */
export function AccountAddPage() {
  return (
    <RequireRole roles={[Role.admin]} message={Messages.noPermissionViewAccounts}>
      <AddAccount />
    </RequireRole>
  );
}
