/**
 * The signed-in session: the JWT lives in local storage under one fixed key (spec §4 Session); its payload
 * tells the web who is signed in. The server checks everything again: this is only for display and routing.
 */
import { type Role, roleFromNumber } from '@parcelops/shared';
import { useSyncExternalStore } from 'react';

export const TOKEN_KEY = 'parcelops.token';
/** Spec §2 Login: with force_change, the user's sid and old password wait in session storage. */
export const PENDING_PASSWORD_KEY = 'parcelops.pendingPassword';

export interface Viewer {
  userSid: string;
  username: string;
  role: Role;
  account_sid: string | null;
  expiresAt: number | null;
}

const listeners = new Set<() => void>();
function emit() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
  emit();
}

/** Clears every trace of the session, as spec §4 asks on sign-out and on an unauthorized reply. */
export function clearSession() {
  localStorage.clear();
  sessionStorage.clear();
  emit();
}

function decodePayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export function viewerFromToken(token: string | null): Viewer | null {
  if (!token) return null;
  const payload = decodePayload(token);
  if (!payload || typeof payload.sub !== 'string') return null;
  const expiresAt = typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  if (expiresAt !== null && expiresAt <= Date.now()) return null;
  return {
    userSid: payload.sub,
    username: typeof payload.username === 'string' ? payload.username : '',
    role: roleFromNumber(payload.role),
    account_sid: typeof payload.account_sid === 'string' ? payload.account_sid : null,
    expiresAt,
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current viewer, or null when signed out (or the token has expired). */
export function useViewer(): Viewer | null {
  const token = useSyncExternalStore(subscribe, getToken, () => null);
  return viewerFromToken(token);
}

export interface PendingPassword {
  user_sid: string;
  old_password: string;
}

export function setPendingPassword(value: PendingPassword) {
  sessionStorage.setItem(PENDING_PASSWORD_KEY, JSON.stringify(value));
}

export function getPendingPassword(): PendingPassword | null {
  const raw = sessionStorage.getItem(PENDING_PASSWORD_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PendingPassword;
  } catch {
    return null;
  }
}

/** The forced change is done: the password screen has nothing more to wait for. */
export function clearPendingPassword() {
  sessionStorage.removeItem(PENDING_PASSWORD_KEY);
}
