/** Signed-in states for component tests: a token the web can read (the signature is never checked here). */
import type { Role } from '@parcelops/shared';
import { setToken } from '../lib/session.ts';

interface FakeClaims {
  role: Role;
  account_sid?: string | null;
  username?: string;
  sub?: string;
  /** Seconds since the epoch; one hour ahead unless given. */
  exp?: number;
}

function base64Url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fakeToken({
  role,
  account_sid = null,
  username = 'tester',
  sub = 'user-1',
  exp,
}: FakeClaims): string {
  const payload = { sub, role, account_sid, username, exp: exp ?? Math.floor(Date.now() / 1000) + 3600 };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

/** Stores a session for the given role, as a successful sign-in would. */
export function signInAs(role: Role, claims: Omit<FakeClaims, 'role'> = {}): string {
  const token = fakeToken({ role, ...claims });
  setToken(token);
  return token;
}
