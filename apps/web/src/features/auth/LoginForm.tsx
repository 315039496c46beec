import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type LoginInput, LoginInputSchema, type LoginResponse, Messages } from '@parcelops/shared';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { api } from '../../lib/api-client.ts';
import { clearSession, getToken, setPendingPassword, setToken, viewerFromToken } from '../../lib/session.ts';
import { loginErrorMessage } from './login-error.ts';

async function signIn(values: LoginInput): Promise<LoginResponse> {
  // A leftover expired token would make the client read a 401 for wrong credentials as an expired session.
  if (getToken()) clearSession();
  const reply = await api.post<LoginResponse>('/login', values);
  if (!viewerFromToken(reply.token)) throw new Error(Messages.loginSomethingWrong);
  return reply;
}

/**
 * Username and password. Success only stores the session: the sign-in page, seeing a viewer, sends them on
 * (to the password screen when the server sets force_change).
 */
export function LoginForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(LoginInputSchema), defaultValues: { username: '', password: '' } });

  const login = useMutation({
    mutationFn: signIn,
    onSuccess: (reply, values) => {
      // Spec §2 Login: the old password waits in session storage for the create-password screen.
      if (reply.force_change) setPendingPassword({ user_sid: reply.user_sid, old_password: values.password });
      setToken(reply.token);
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => login.mutate(values))}>
      <Stack gap="md">
        {login.isError ? (
          <Alert color="red" role="alert">
            {loginErrorMessage(login.error)}
          </Alert>
        ) : null}
        <TextInput
          label="Username"
          autoComplete="username"
          withAsterisk
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          error={errors.password?.message}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
          {...register('password')}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
