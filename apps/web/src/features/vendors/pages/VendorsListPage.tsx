import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ListPage.tsx';
import { useDeleteVendor, vendorsQuery } from '../api.ts';

/** Spec §2 Vendors: the list with filter, add, edit and delete; admins only (spec §6). */
export function VendorsListPage() {
  const { t } = useTranslation('vendors');
  const remove = useDeleteVendor();
  return (
    <ListPage
      title={t('title')}
      access={{ roles: [Role.admin], refusal: t('noPermission') }}
      path="/internal/vendors"
      addLabel={t('addVendor')}
      query={vendorsQuery}
      columns={[
        { key: 'name', label: t('columns.name') },
        { key: 'vendor', label: t('columns.kind') },
        { key: 'accounts_count', label: t('columns.accountsUsing'), numeric: true },
      ]}
      emptyText={t('empty')}
      // A vendor that accounts still use answers 409 IN_USE; its msg says so.
      deletion={{
        remove: (vendor) => remove.mutateAsync(vendor.sid),
        question: (vendor) => t('confirmDelete', { name: vendor.name }),
        done: () => t('deleted'),
      }}
    />
  );
}
