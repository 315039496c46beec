import { Stack } from '@mantine/core';
import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '../../../components/FormPage.tsx';
import { useViewer } from '../../../lib/session.ts';
import { useSaveAndLeave } from '../../../lib/use-save-and-leave.ts';
import { ApiKeysPanel } from '../../keys/index.ts';
import { WebhooksPanel } from '../../webhooks/index.ts';
import { accountQuery, useUpdateAccount } from '../api.ts';
import { AccountForm } from '../components/AccountForm.tsx';
import { CreditUsageReport } from '../components/CreditUsageReport.tsx';

/**
 * Spec §2 Accounts: edit an account, its API keys and its credit usage report (admins; sellers using credit).
 * An account user lands here as their home; opening someone else's account shows the server's refusal ("You
 * do not have access.") once, inline with Retry, not also as a toast.
 */
export function AccountEditPage() {
  const { t } = useTranslation('accounts');
  const { sid = '' } = useParams();
  const isAdmin = useViewer()?.role === Role.admin;
  const update = useUpdateAccount(sid);
  const form = useSaveAndLeave({
    save: update.mutateAsync,
    done: t('updated'),
    back: '/internal/accounts',
    next: () => null,
  });

  return (
    <FormPage title={t('editTitle')} load={accountQuery(sid)}>
      {(account) => (
        <Stack gap="xl">
          <AccountForm
            key={account.sid}
            mode="edit"
            account={account}
            canEditAll={isAdmin}
            onSubmit={form.onSubmit}
            // A seller's own account is their home: there is nowhere to cancel to, so no Cancel button.
            onCancel={isAdmin ? form.onCancel : undefined}
          />
          <ApiKeysPanel accountSid={account.sid} />
          <WebhooksPanel accountSid={account.sid} />
          {/* Sellers follow their own spending too, once their account pays from credit. */}
          {isAdmin || account.use_credit ? <CreditUsageReport account={account} /> : null}
        </Stack>
      )}
    </FormPage>
  );
}
