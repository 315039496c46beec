import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '../../../components/FormPage.tsx';
import { useSaveAndLeave } from '../../../lib/use-save-and-leave.ts';
import { useUpdateVendor, vendorQuery } from '../api.ts';
import { VendorForm } from '../components/VendorForm.tsx';

export function VendorEditPage() {
  const { t } = useTranslation('vendors');
  const { sid = '' } = useParams();
  const update = useUpdateVendor(sid);
  const form = useSaveAndLeave({ save: update.mutateAsync, done: t('updated'), back: '/internal/vendors' });
  return (
    <FormPage
      title={t('editTitle')}
      access={{ roles: [Role.admin], refusal: t('noPermission') }}
      load={vendorQuery(sid)}
    >
      {(vendor) => <VendorForm key={vendor.sid} vendor={vendor} {...form} />}
    </FormPage>
  );
}
