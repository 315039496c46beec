import { homePathFor } from '@parcelops/shared';
import { getPendingPassword, type Viewer } from '../../lib/session.ts';

/**
 * Where a signed-in visitor of the sign-in page goes: to the password screen while a forced change waits
 * (the server allows that token nothing else), back to the page the login guard turned them away from,
 * or to their role's home (spec §2 Login).
 */
export function signInDestination(viewer: Viewer, from: unknown): string {
  if (getPendingPassword()) return '/create-password';
  if (typeof from === 'string' && from.startsWith('/internal')) return from;
  return homePathFor(viewer);
}
