import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '../../../components/FormPage.tsx';
import { useSaveAndLeave } from '../../../lib/use-save-and-leave.ts';
import { userQuery, useUpdateUser } from '../api.ts';
import { UserForm } from '../components/UserForm.tsx';
import { USER_MANAGERS } from '../user-managers.ts';

export function UserEditPage() {
  const { t } = useTranslation('users');
  const { user_sid: sid = '' } = useParams();
  const update = useUpdateUser(sid);
  const form = useSaveAndLeave({ save: update.mutateAsync, done: t('updated'), back: '/internal/users' });
  return (
    <FormPage
      title={t('editTitle')}
      access={{ roles: USER_MANAGERS, refusal: t('noPermission') }}
      load={userQuery(sid)}
    >
      {(user) => <UserForm key={user.sid} mode="edit" user={user} {...form} />}
    </FormPage>
  );
}
