import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { FormPage } from '../../../components/FormPage.tsx';
import { useSaveAndLeave } from '../../../lib/use-save-and-leave.ts';
import { useCreatePriceTable } from '../api.ts';
import { PriceTableForm } from '../components/PriceTableForm.tsx';

export function PriceTableAddPage() {
  const { t } = useTranslation('catalogs');
  const create = useCreatePriceTable();
  const form = useSaveAndLeave({
    save: create.mutateAsync,
    done: t('created'),
    back: '/internal/pricese',
    // The edit page shows the rows just read from the file, so they can be checked at once.
    next: (created) => `/internal/pricese/${created.sid}/edit`,
    replace: true,
  });
  return (
    <FormPage
      title={t('priceTables.addTitle')}
      access={{ roles: [Role.admin], refusal: t('priceTables.noPermission') }}
    >
      <PriceTableForm {...form} />
    </FormPage>
  );
}
