import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { RequiredNote } from '../../components/RequiredNote.tsx';
import { useViewer } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { FlashAlert } from './FlashAlert.tsx';
import { LoginForm } from './LoginForm.tsx';
import { signInDestination } from './sign-in-destination.ts';

/** Spec §2 Login; a visitor who is already signed in is sent on at once. */
export function LoginPage() {
  const viewer = useViewer();
  const location = useLocation();
  const { t } = useTranslation('auth');
  useDocumentTitle(t('signIn.title'));

  if (viewer) {
    const from: unknown = (location.state as { from?: unknown } | null)?.from;
    return <Navigate to={signInDestination(viewer, from)} replace />;
  }

  return (
    <Paper withBorder shadow="sm" p="xl" maw={420} mx="auto">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('signIn.title')}
        </Title>
        <FlashAlert />
        <LoginForm />
        <RequiredNote />
        <Group justify="center">
          <Anchor component={Link} to="/tracking" size="sm">
            {t('signIn.trackingLink')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
