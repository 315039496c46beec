import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { CreatePasswordFormSchema, Messages } from '@parcelops/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import en from '../../i18n/locales/en/auth.json';
import { api } from '../../lib/api-client.ts';
import { setFlash } from '../../lib/flash.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { clearSession, type PendingPassword } from '../../lib/session.ts';
import { useKnownMessage } from './known-message.ts';
import { useCapsLock } from './use-caps-lock.ts';

/** Spec §7: only a 204 counts as a changed password; anything else is a failure. */
async function changePassword(pending: PendingPassword, newPassword: string) {
  const response = await api.request('PUT', `/users/${encodeURIComponent(pending.user_sid)}/password`, {
    old_password: pending.old_password,
    new_password: newPassword,
  });
  if (response.status !== 204) throw new Error(Messages.genericFailure);
}

interface CreatePasswordFormProps {
  pending: PendingPassword;
}

/** Spec §2 Create password and §5: the new password twice, with the rules, a visibility toggle and caps-lock warning. */
export function CreatePasswordForm({ pending }: CreatePasswordFormProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const known = useKnownMessage();
  const { capsLockOn, keyHandlers } = useCapsLock();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(CreatePasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const change = useMutation({
    mutationFn: (password: string) => changePassword(pending, password),
    onSuccess: () => {
      notifySuccess(t('messages.passwordChanged'));
      // The temporary session has done its one job; signing in again proves the new password works.
      clearSession();
      // The flash keeps the English text, which the sign-in page translates when it shows it.
      setFlash(en.messages.passwordChanged, 'success');
      navigate('/login', { replace: true });
    },
    onError: (error) => notifyError(error),
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => change.mutate(values.password))}>
      <Stack gap="md">
        <PasswordInput
          label={t('createPassword.newPassword')}
          description={t('messages.strongHint')}
          autoComplete="new-password"
          withAsterisk
          error={known(errors.password?.message)}
          visibilityToggleButtonProps={{ 'aria-label': t('showHide') }}
          {...keyHandlers}
          {...register('password')}
        />
        <PasswordInput
          label={t('createPassword.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          error={known(errors.confirm?.message)}
          visibilityToggleButtonProps={{ 'aria-label': t('showHide') }}
          {...keyHandlers}
          {...register('confirm')}
        />
        {capsLockOn ? (
          <Text c="orange.8" size="sm" fw={600} role="status">
            {t('messages.capsLock')}
          </Text>
        ) : null}
        <Button type="submit" loading={change.isPending} fullWidth>
          {t('createPassword.save')}
        </Button>
      </Stack>
    </form>
  );
}
