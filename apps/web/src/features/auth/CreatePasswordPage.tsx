import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { RequiredNote } from '../../components/RequiredNote.tsx';
import { clearSession, getPendingPassword, useViewer } from '../../lib/session.ts';
import { AuthCard } from './AuthCard.tsx';
import { CreatePasswordForm } from './CreatePasswordForm.tsx';

/** Spec §2 Create password: reached after a sign-in whose password the user must replace. */
export function CreatePasswordPage() {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
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
    <AuthCard title={t('createPassword.title')}>
      {pending ? (
        <>
          <Text size="sm">{t('createPassword.intro')}</Text>
          <CreatePasswordForm pending={pending} />
          <RequiredNote />
          <Anchor component="button" type="button" size="sm" onClick={signInAgain}>
            {t('createPassword.signInAsOther')}
          </Anchor>
        </>
      ) : (
        <Text>
          {t('createPassword.nothingBefore')}{' '}
          <Anchor component={Link} to="/login">
            {t('createPassword.signInLink')}
          </Anchor>{' '}
          {t('createPassword.nothingAfter')}
        </Text>
      )}
    </AuthCard>
  );
}
