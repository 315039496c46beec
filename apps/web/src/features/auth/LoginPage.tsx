import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import { RequiredNote } from '../../components/RequiredNote.tsx';
import { useViewer } from '../../lib/session.ts';
import { FlashAlert } from './FlashAlert.tsx';
import { LoginForm } from './LoginForm.tsx';
import { signInDestination } from './sign-in-destination.ts';

/** Spec §2 Login; a visitor who is already signed in is sent on at once. */
export function LoginPage() {
  const viewer = useViewer();
  const location = useLocation();

  if (viewer) {
    const from: unknown = (location.state as { from?: unknown } | null)?.from;
    return <Navigate to={signInDestination(viewer, from)} replace />;
  }

  return (
    <Paper withBorder shadow="sm" p="xl" maw={420} mx="auto">
      <Stack gap="md">
        <Title order={2}>Sign in</Title>
        <FlashAlert />
        <LoginForm />
        <RequiredNote />
        <Group justify="center">
          <Anchor component={Link} to="/tracking" size="sm">
            Tracking page
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
