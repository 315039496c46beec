import { Role } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { FormPage } from '../../../components/FormPage.tsx';
import { useSaveAndLeave } from '../../../lib/use-save-and-leave.ts';
import { useCreateVendor } from '../api.ts';
import { VendorForm } from '../components/VendorForm.tsx';

export function VendorAddPage() {
  const { t } = useTranslation('vendors');
  const create = useCreateVendor();
  const form = useSaveAndLeave({ save: create.mutateAsync, done: t('added'), back: '/internal/vendors' });
  return (
    <FormPage title={t('addTitle')} access={{ roles: [Role.admin], refusal: t('noPermission') }}>
      <VendorForm {...form} />
    </FormPage>
  );
}
