import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import {
  CAPS_LOCK_WARNING,
  CreatePasswordFormSchema,
  Messages,
  STRONG_PASSWORD_HINT,
} from '@parcelops/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { setFlash } from '../../lib/flash.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { clearSession, type PendingPassword } from '../../lib/session.ts';
import { useCapsLock } from './use-caps-lock.ts';

const PASSWORD_CHANGED = 'Password changed. Please sign in with your new password.';

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
      notifySuccess(PASSWORD_CHANGED);
      // The temporary session has done its one job; signing in again proves the new password works.
      clearSession();
      setFlash(PASSWORD_CHANGED, 'success');
      navigate('/login', { replace: true });
    },
    onError: (error) => notifyError(error),
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => change.mutate(values.password))}>
      <Stack gap="md">
        <PasswordInput
          label="New password"
          description={STRONG_PASSWORD_HINT}
          autoComplete="new-password"
          withAsterisk
          error={errors.password?.message}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
          {...keyHandlers}
          {...register('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          withAsterisk
          error={errors.confirm?.message}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
          {...keyHandlers}
          {...register('confirm')}
        />
        {capsLockOn ? (
          <Text c="orange.8" size="sm" fw={600} role="status">
            {CAPS_LOCK_WARNING}
          </Text>
        ) : null}
        <Button type="submit" loading={change.isPending} fullWidth>
          Save password
        </Button>
      </Stack>
    </form>
  );
}
