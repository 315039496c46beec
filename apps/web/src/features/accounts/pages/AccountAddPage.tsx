import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { FormPage } from '../../../components/FormPage.tsx';
import { useSaveAndLeave } from '../../../lib/use-save-and-leave.ts';
import { useCreateAccount } from '../api.ts';
import { AccountForm } from '../components/AccountForm.tsx';

/** Only admins create accounts (the server refuses anyone else). */
export function AccountAddPage() {
  const { t } = useTranslation('accounts');
  const create = useCreateAccount();
  const form = useSaveAndLeave({
    save: create.mutateAsync,
    done: t('added'),
    back: '/internal/accounts',
    // The edit page is where the new account's API keys are made.
    next: (account) => `/internal/accounts/${account.sid}/edit`,
  });
  return (
    <FormPage title={t('addTitle')} access={{ roles: [Role.admin], refusal: t('noPermissionViewAll') }}>
      <AccountForm mode="add" {...form} />
    </FormPage>
  );
}
