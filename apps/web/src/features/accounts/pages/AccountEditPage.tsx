import { Alert, Loader, Stack } from '@mantine/core';
import { Messages, Role } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useViewer } from '../../../lib/session.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { ApiKeysPanel } from '../../keys/index.ts';
import { accountQuery, useUpdateAccount } from '../api.ts';
import { AccountForm } from '../components/AccountForm.tsx';
import { CreditUsageReport } from '../components/CreditUsageReport.tsx';

const TITLE = 'Edit account';

/**
 * Spec §2 Accounts: edit an account, its API keys and its credit usage report (admins; sellers using credit). An account user lands
 * here as their home; opening someone else's account shows the server's refusal ("You do not have access.").
 */
export function AccountEditPage() {
  const { sid = '' } = useParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const isAdmin = viewer?.role === Role.admin;
  const account = useQuery(accountQuery(sid));
  useErrorToast(account.error);
  const update = useUpdateAccount(sid);

  if (account.isPending) return <Loader />;
  if (account.isError) {
    return (
      <Stack gap="md">
        <PageHeader title={TITLE} />
        <Alert color="red">{errorMessage(account.error)}</Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <PageHeader title={TITLE} />
        <AccountForm
          key={account.data.sid}
          mode="edit"
          account={account.data}
          canEditAll={isAdmin}
          onSubmit={async (payload) => {
            await update.mutateAsync(payload);
            notifySuccess(Messages.accountUpdated);
          }}
          onCancel={isAdmin ? () => navigate('/internal/accounts') : undefined}
        />
      </Stack>
      <ApiKeysPanel accountSid={account.data.sid} />
      {/* Sellers follow their own spending too, once their account pays from credit. */}
      {isAdmin || account.data.use_credit ? <CreditUsageReport account={account.data} /> : null}
    </Stack>
  );
}
