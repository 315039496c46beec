/**
 * A signed-in user's own password change (PUT /users/{sid}/password, spec §7: only a 204 is a success). The
 * change retires every session of the user, this one included (product decisions), so the web signs in again
 * with the new password at once: the person stays signed in, and any other device is signed out.
 */
import { type LoginResponse, Messages } from '@parcelops/shared';
import { api } from '../../lib/api-client.ts';
import { setToken, viewerFromToken } from '../../lib/session.ts';

export interface OwnPasswordChange {
  userSid: string;
  username: string;
  oldPassword: string;
  newPassword: string;
}

/**
 * `signed-in`: the new session is stored. `sign-in-again`: the password is changed but the new sign-in did
 * not go through (the sign-in limit, the network), so the person signs in by hand with the new password.
 */
export type OwnPasswordOutcome = 'signed-in' | 'sign-in-again';

export async function changeOwnPassword(change: OwnPasswordChange): Promise<OwnPasswordOutcome> {
  const response = await api.request('PUT', `/users/${encodeURIComponent(change.userSid)}/password`, {
    old_password: change.oldPassword,
    new_password: change.newPassword,
  });
  if (response.status !== 204) throw new Error(Messages.genericFailure);
  try {
    // A public call: the retired token it may carry is not checked.
    const reply = await api.post<LoginResponse>('/login', {
      username: change.username,
      password: change.newPassword,
    });
    if (reply.force_change || !viewerFromToken(reply.token)) return 'sign-in-again';
    setToken(reply.token);
    return 'signed-in';
  } catch {
    return 'sign-in-again';
  }
}
