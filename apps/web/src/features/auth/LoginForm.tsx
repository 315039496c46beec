import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type LoginResponse, Messages } from '@parcelops/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { clearSession, getToken, setPendingPassword, setToken, viewerFromToken } from '../../lib/session.ts';
import { useKnownMessage } from './known-message.ts';
import { loginErrorMessage } from './login-error.ts';

interface Credentials {
  username: string;
  password: string;
}

async function signIn(values: Credentials): Promise<LoginResponse> {
  // A leftover expired token would make the client read a 401 for wrong credentials as an expired session.
  if (getToken()) clearSession();
  const reply = await api.post<LoginResponse>('/login', values);
  if (!viewerFromToken(reply.token)) throw new Error(Messages.loginSomethingWrong);
  return reply;
}

/**
 * Username and password. Success only stores the session: the sign-in page, seeing a viewer, sends them on
 * (to the password screen when the server sets force_change). The two "required" checks are written out
 * rather than run through the shared zod schema: the sign-in page is the first download, and zod with the
 * form library would add about 35 KB gzipped to it (issue item 12). The server still validates the body.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const known = useKnownMessage();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const login = useMutation({
    mutationFn: signIn,
    onSuccess: (reply, sent) => {
      // Spec §2 Login: the old password waits in session storage for the create-password screen.
      if (reply.force_change) setPendingPassword({ user_sid: reply.user_sid, old_password: sent.password });
      setToken(reply.token);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = { username: values.username.trim(), password: values.password };
    const found = {
      username: sent.username === '' ? t('messages.usernameRequired') : undefined,
      password: sent.password === '' ? t('messages.passwordRequired') : undefined,
    };
    setErrors(found);
    if (!found.username && !found.password) login.mutate(sent);
  };
  const change = (field: keyof Credentials) => (event: { currentTarget: HTMLInputElement }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {login.isError ? (
          <Alert color="red" role="alert">
            {known(loginErrorMessage(login.error))}
          </Alert>
        ) : null}
        <TextInput
          label={t('signIn.username')}
          name="username"
          autoComplete="username"
          withAsterisk
          maxLength={100}
          value={values.username}
          onChange={change('username')}
          error={errors.username}
        />
        <PasswordInput
          label={t('signIn.password')}
          name="password"
          autoComplete="current-password"
          withAsterisk
          maxLength={200}
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          visibilityToggleButtonProps={{ 'aria-label': t('showHide') }}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
