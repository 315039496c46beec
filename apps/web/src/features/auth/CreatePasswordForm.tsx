import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { CreatePasswordFormSchema, homePathFor } from '@parcelops/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import en from '../../i18n/locales/en/auth.json';
import { setFlash } from '../../lib/flash.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import {
  clearPendingPassword,
  clearSession,
  getToken,
  type PendingPassword,
  useViewer,
  viewerFromToken,
} from '../../lib/session.ts';
import { useKnownMessage } from './known-message.ts';
import { changeOwnPassword } from './own-password.ts';
import { useCapsLock } from './use-caps-lock.ts';

interface CreatePasswordFormProps {
  pending: PendingPassword;
}

/** Spec §2 Create password and §5: the new password twice, with the rules, a visibility toggle and caps-lock warning. */
export function CreatePasswordForm({ pending }: CreatePasswordFormProps) {
  const navigate = useNavigate();
  const viewer = useViewer();
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
    // Spec §7: only a 204 counts; then the new password signs the user in again (own-password.ts).
    mutationFn: (password: string) =>
      changeOwnPassword({
        userSid: pending.user_sid,
        username: viewer?.username ?? '',
        oldPassword: pending.old_password,
        newPassword: password,
      }),
    onSuccess: (outcome) => {
      clearPendingPassword();
      const signedIn = outcome === 'signed-in' ? viewerFromToken(getToken()) : null;
      if (signedIn) {
        // Issue 21: the user stays signed in and goes on to their home, as a sign-in would take them.
        notifySuccess(t('ownPassword.changed'));
        navigate(homePathFor(signedIn), { replace: true });
        return;
      }
      notifySuccess(t('messages.passwordChanged'));
      // The new session did not start (the sign-in limit, the network): sign in by hand.
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
