/**
 * Session tokens: signed JWTs (HS256 under JWT_SECRET) that carry the user, role and account, and the user's
 * session version. The sign-in service signs them and the auth plugin verifies them; neither needs HTTP.
 */
import { TokenPayloadSchema } from '@parcelops/shared';
import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';

/** Product decisions: a session lasts 12 hours. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** What a session token carries (the web reads role and account_sid from it). */
export const SessionClaimsSchema = TokenPayloadSchema.extend({
  /** The user's session version when signed; a password change raises it and retires older tokens. */
  ver: z.number().int(),
});
export type SessionClaims = z.infer<typeof SessionClaimsSchema>;

export interface SessionTokens {
  sign(claims: SessionClaims): string;
  /** The claims of a sound, unexpired token, or null. */
  verify(token: string): SessionClaims | null;
}

export function createSessionTokens(secret: string, ttlMs = SESSION_TTL_MS): SessionTokens {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlMs });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  return {
    sign: (claims) => signer({ ...claims }),
    verify(token) {
      try {
        const parsed = SessionClaimsSchema.safeParse(verifier(token));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
