import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@parcelops/shared';

/** A new API key token: the prefix and 32 random bytes, so it can never be guessed and is told from a JWT. */
export function generateApiToken(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What the key list shows instead of the token: enough to recognise a key, too little to use it. */
export function tokenHint(token: string): string {
  return `${token.slice(0, API_KEY_PREFIX.length + 4)}…${token.slice(-4)}`;
}

export function isApiToken(bearer: string): boolean {
  return bearer.startsWith(API_KEY_PREFIX);
}
