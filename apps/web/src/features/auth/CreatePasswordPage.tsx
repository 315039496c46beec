import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { RequiredNote } from '../../components/RequiredNote.tsx';
import { clearSession, getPendingPassword, useViewer } from '../../lib/session.ts';
import { CreatePasswordForm } from './CreatePasswordForm.tsx';

/** Spec §2 Create password: reached after a sign-in whose password the user must replace. */
export function CreatePasswordPage() {
  const navigate = useNavigate();
  // Read once: when the session ends under this page (success, a 401), it goes to sign-in rather than
  // flipping to the "nothing to change" text.
  const [pending] = useState(getPendingPassword);
  const viewer = useViewer();

  // The forced-change session can do nothing else, so leaving means dropping it for a fresh sign-in.
  const signInAgain = () => {
    clearSession();
    navigate('/login', { replace: true });
  };

  if (pending && !viewer) return <Navigate to="/login" replace />;

  return (
    <Paper withBorder shadow="sm" p="xl" maw={420} mx="auto">
      <Stack gap="md">
        <Title order={2}>Create password</Title>
        {pending ? (
          <>
            <Text size="sm">Choose a new password to replace the one you were given.</Text>
            <CreatePasswordForm pending={pending} />
            <RequiredNote />
            <Anchor component="button" type="button" size="sm" onClick={signInAgain}>
              Sign in as someone else
            </Anchor>
          </>
        ) : (
          <Text>
            There is no password to change here. Please{' '}
            <Anchor component={Link} to="/login">
              sign in
            </Anchor>{' '}
            first.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
