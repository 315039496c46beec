import { useTranslation } from 'react-i18next';
import { FormPage } from '../../../components/FormPage.tsx';
import { useSaveAndLeave } from '../../../lib/use-save-and-leave.ts';
import { AMS_MANAGERS } from '../access.ts';
import { useCreateAms } from '../api.ts';
import { AmsForm } from '../components/AmsForm.tsx';

/**
 * Spec §2 AMS create form, admins only: a new AMS starts initiated; on success "Successfully created" and
 * back to the list.
 */
export function AmsAddPage() {
  const { t } = useTranslation('ams');
  const create = useCreateAms();
  const form = useSaveAndLeave({ save: create.mutateAsync, done: t('created'), back: '/internal/ams' });
  return (
    <FormPage title={t('createTitle')} access={{ roles: AMS_MANAGERS, refusal: t('noPermission') }}>
      <AmsForm {...form} />
    </FormPage>
  );
}
