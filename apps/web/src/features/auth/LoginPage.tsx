import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { RequiredNote } from '../../components/RequiredNote.tsx';
import { useViewer } from '../../lib/session.ts';
import { AuthCard } from './AuthCard.tsx';
import { FlashAlert } from './FlashAlert.tsx';
import { LoginForm } from './LoginForm.tsx';
import { signInDestination } from './sign-in-destination.ts';

/** Spec §2 Login; a visitor who is already signed in is sent on at once. */
export function LoginPage() {
  const viewer = useViewer();
  const location = useLocation();
  const { t } = useTranslation('auth');

  if (viewer) {
    const from: unknown = (location.state as { from?: unknown } | null)?.from;
    return <Navigate to={signInDestination(viewer, from)} replace />;
  }

  return (
    <AuthCard title={t('signIn.title')}>
      <FlashAlert />
      <LoginForm />
      <RequiredNote />
      <Group justify="center">
        <Anchor component={Link} to="/tracking" size="sm">
          {t('signIn.trackingLink')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}
