import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type OwnPasswordForm, OwnPasswordFormSchema } from '@parcelops/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import en from '../../i18n/locales/en/auth.json';
import { ApiError, errorMessage, fieldMessage } from '../../lib/api-client.ts';
import { setFlash } from '../../lib/flash.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { clearSession, type Viewer } from '../../lib/session.ts';
import { useKnownMessage } from './known-message.ts';
import { changeOwnPassword } from './own-password.ts';
import { useCapsLock } from './use-caps-lock.ts';

/** The wire's field names in a 400's details, and the dialog's fields they belong on. */
const FIELD_OF_DETAIL = { old_password: 'old_password', new_password: 'password' } as const;

interface ChangePasswordDialogProps {
  viewer: Viewer;
  onClose: () => void;
}

/**
 * A signed-in user's own password change, from the menu under their name (issue 21; spec §5 Password, §8:
 * a change that does not answer 204 shows a generic error, a mismatch or a weak password inline). On success
 * the person stays signed in (own-password.ts signs in again with the new password).
 */
export function ChangePasswordDialog({ viewer, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const known = useKnownMessage();
  const navigate = useNavigate();
  const { capsLockOn, keyHandlers } = useCapsLock();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<OwnPasswordForm>({
    resolver: zodResolver(OwnPasswordFormSchema),
    defaultValues: { old_password: '', password: '', confirm: '' },
  });

  const change = useMutation({
    mutationFn: (values: OwnPasswordForm) =>
      changeOwnPassword({
        userSid: viewer.userSid,
        username: viewer.username,
        oldPassword: values.old_password,
        newPassword: values.password,
      }),
    onSuccess: (outcome) => {
      onClose();
      if (outcome === 'signed-in') {
        notifySuccess(t('ownPassword.changed'));
        return;
      }
      // Changed, but the new session did not start: sign in by hand, as after the create-password screen.
      clearSession();
      setFlash(en.messages.passwordChanged, 'success');
      navigate('/login', { replace: true });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const issue of error.details) {
        const field = FIELD_OF_DETAIL[issue.path as keyof typeof FIELD_OF_DETAIL];
        if (field) setError(field, { type: 'server', message: fieldMessage(issue) });
      }
    },
  });

  // Field details are on their fields; the alert says the change did not happen, and why when no field does.
  const fieldFailure = change.error instanceof ApiError && change.error.details.length > 0;
  const password = (label: string, autoComplete: string) => ({
    label,
    autoComplete,
    withAsterisk: true,
    visibilityToggleButtonProps: { 'aria-label': t('showHide') },
    ...keyHandlers,
  });

  return (
    <Modal opened onClose={onClose} title={t('ownPassword.title')} centered>
      <form noValidate onSubmit={handleSubmit((values) => change.mutate(values))}>
        <Stack gap="md">
          <Text size="sm">{t('ownPassword.intro')}</Text>
          {change.isError ? (
            <Alert color="red" role="alert" title={t('ownPassword.failed')}>
              {fieldFailure ? null : known(errorMessage(change.error))}
            </Alert>
          ) : null}
          <PasswordInput
            {...password(t('ownPassword.oldPassword'), 'current-password')}
            error={known(errors.old_password?.message)}
            data-autofocus
            {...register('old_password')}
          />
          <PasswordInput
            {...password(t('ownPassword.newPassword'), 'new-password')}
            description={t('messages.strongHint')}
            error={known(errors.password?.message)}
            {...register('password')}
          />
          <PasswordInput
            {...password(t('ownPassword.confirmPassword'), 'new-password')}
            error={known(errors.confirm?.message)}
            {...register('confirm')}
          />
          {capsLockOn ? (
            <Text c="orange.8" size="sm" fw={600} role="status">
              {t('messages.capsLock')}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={change.isPending}>
              {tCommon('cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('ownPassword.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
