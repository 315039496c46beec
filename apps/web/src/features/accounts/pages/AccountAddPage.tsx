import { Stack } from '@mantine/core';
import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireRole } from '../../../components/RequireRole.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateAccount } from '../api.ts';
import { AccountForm } from '../components/AccountForm.tsx';

function AddAccount() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const create = useCreateAccount();
  return (
    <Stack gap="md">
      <PageHeader title={t('addTitle')} />
      <AccountForm
        mode="add"
        onSubmit={async (payload) => {
          const account = await create.mutateAsync(payload);
          notifySuccess(t('added'));
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
  const { t } = useTranslation('accounts');
  return (
    <RequireRole roles={[Role.admin]} message={t('noPermissionViewAll')}>
      <AddAccount />
    </RequireRole>
  );
}
