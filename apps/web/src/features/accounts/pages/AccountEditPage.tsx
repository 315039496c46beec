import { Stack } from '@mantine/core';
import { Role } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useViewer } from '../../../lib/session.ts';
import { ApiKeysPanel } from '../../keys/index.ts';
import { accountQuery, useUpdateAccount } from '../api.ts';
import { AccountForm } from '../components/AccountForm.tsx';
import { CreditUsageReport } from '../components/CreditUsageReport.tsx';

/**
 * Spec §2 Accounts: edit an account, its API keys and its credit usage report (admins; sellers using credit). An account user lands
 * here as their home; opening someone else's account shows the server's refusal ("You do not have access.")
 * once, inline with Retry, not also as a toast.
 */
export function AccountEditPage() {
  const { t } = useTranslation('accounts');
  const { sid = '' } = useParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const isAdmin = viewer?.role === Role.admin;
  const account = useQuery(accountQuery(sid));
  const update = useUpdateAccount(sid);

  return (
    <Stack gap="xl">
      <Stack gap="md">
        <PageHeader title={t('editTitle')} />
        <QueryState query={account}>
          {(data) => (
            <AccountForm
              key={data.sid}
              mode="edit"
              account={data}
              canEditAll={isAdmin}
              onSubmit={async (payload) => {
                await update.mutateAsync(payload);
                notifySuccess(t('updated'));
              }}
              // A seller's own account is their home: there is nowhere to cancel to, so no Cancel button.
              onCancel={isAdmin ? () => navigate('/internal/accounts') : undefined}
            />
          )}
        </QueryState>
      </Stack>
      {account.data ? (
        <>
          <ApiKeysPanel accountSid={account.data.sid} />
          {/* Sellers follow their own spending too, once their account pays from credit. */}
          {isAdmin || account.data.use_credit ? <CreditUsageReport account={account.data} /> : null}
        </>
      ) : null}
    </Stack>
  );
}
