import { useTranslation } from 'react-i18next';
import { FormPage } from '../../../components/FormPage.tsx';
import { useSaveAndLeave } from '../../../lib/use-save-and-leave.ts';
import { useCreateUser } from '../api.ts';
import { UserForm } from '../components/UserForm.tsx';
import { USER_MANAGERS } from '../user-managers.ts';

/** An operator would get a form the server refuses to save, so they are sent home with the reason instead. */
export function UserAddPage() {
  const { t } = useTranslation('users');
  const create = useCreateUser();
  const form = useSaveAndLeave({ save: create.mutateAsync, done: t('created'), back: '/internal/users' });
  return (
    <FormPage title={t('addTitle')} access={{ roles: USER_MANAGERS, refusal: t('noPermission') }}>
      <UserForm mode="add" {...form} />
    </FormPage>
  );
}
