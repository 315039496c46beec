import { Messages } from '@parcelops/shared';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { setFlash, setFlashUnlessPending } from '../../lib/flash.ts';
import { clearSession, getPendingPassword, getToken, useViewer } from '../../lib/session.ts';

function RedirectToLogin({ from }: { from: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (getToken()) {
      // A token is still stored but has run out: that is an expired session, not a stranger (spec §4).
      clearSession();
      setFlash(Messages.sessionExpired, 'error');
    } else {
      setFlashUnlessPending(Messages.mustLogIn);
    }
    // The wanted page rides along so the sign-in page can return there.
    navigate('/login', { replace: true, state: { from } });
  }, [from, navigate]);
  return null;
}

/**
 * The login guard of /internal (spec §2): no valid session -> sign-in page with "You must log in to view that
 * page". A session still waiting for its forced password change may do nothing else, so it goes there.
 */
export function RequireViewer({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const location = useLocation();
  if (!viewer) return <RedirectToLogin from={`${location.pathname}${location.search}`} />;
  if (getPendingPassword()) return <Navigate to="/create-password" replace />;
  return children;
}
