import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ListPage.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { accountsQuery, useDeleteAccount } from '../api.ts';

/** Spec §2 Accounts: the list with filter, add, edit and delete; admins only (spec §6). */
export function AccountsListPage() {
  const { t } = useTranslation(['accounts', 'common']);
  const format = useFormat();
  const remove = useDeleteAccount();
  return (
    <ListPage
      title={t('title')}
      access={{ roles: [Role.admin], refusal: t('noPermissionViewAll') }}
      path="/internal/accounts"
      addLabel={t('addAccount')}
      query={accountsQuery}
      columns={[
        { key: 'name', label: t('columns.name') },
        { key: 'email', label: t('columns.email') },
        { key: 'vendor', label: t('columns.vendor') },
        {
          key: 'is_active',
          label: t('columns.active'),
          render: (account) => t(account.is_active ? 'common:yes' : 'common:no'),
        },
        {
          key: 'credit',
          label: t('columns.credit'),
          numeric: true,
          render: (account) =>
            account.use_credit ? format.money(account.credit_balance, account.credit_unit) : null,
        },
      ]}
      emptyText={t('common:noData')}
      deletion={{
        remove: (account) => remove.mutateAsync(account.sid),
        question: (account) => t('confirmDelete', { name: account.name }),
        done: (account) => t('deleted', { name: account.name }),
      }}
    />
  );
}
