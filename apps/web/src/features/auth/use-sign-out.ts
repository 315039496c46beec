import { Messages } from '@parcelops/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { setFlash } from '../../lib/flash.ts';
import { clearSession } from '../../lib/session.ts';

/** Spec §4: sign-out clears storage, returns to sign-in and flashes "You've successfully logged out." */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearSession();
    // Cached replies belong to the person leaving; the next one to sign in must not see them.
    queryClient.clear();
    setFlash(Messages.loggedOut, 'success');
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
