import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ListPage.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { priceTablesQuery, useDeletePriceTable } from '../api.ts';

/** Spec §2 Prices/Rates: the list with filter, add, edit and delete; admins only (spec §6). */
export function PriceTablesListPage() {
  const { t } = useTranslation('catalogs');
  const format = useFormat();
  const remove = useDeletePriceTable();
  return (
    <ListPage
      title={t('priceTables.title')}
      access={{ roles: [Role.admin], refusal: t('priceTables.noPermission') }}
      path="/internal/pricese"
      addLabel={t('priceTables.add')}
      query={priceTablesQuery}
      columns={[
        { key: 'name', label: t('priceTables.columns.name') },
        { key: 'rows_count', label: t('priceTables.columns.rows'), numeric: true },
        { key: 'accounts_count', label: t('priceTables.columns.accountsUsing'), numeric: true },
        {
          key: 'date_created',
          label: t('priceTables.columns.created'),
          render: (table) => format.date(table.date_created),
        },
      ]}
      emptyText={t('priceTables.empty')}
      // A table that accounts still use answers 409 IN_USE; its msg names how many.
      deletion={{
        remove: (table) => remove.mutateAsync(table.sid),
        question: (table) => t('priceTables.confirmDelete', { name: table.name }),
        done: () => t('deleted'),
      }}
    />
  );
}
