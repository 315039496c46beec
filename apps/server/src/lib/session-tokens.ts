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

/** How many verified tokens are remembered (a few per signed-in person). */
const VERIFIED_TOKENS = 10_000;

export function createSessionTokens(secret: string, ttlMs = SESSION_TTL_MS): SessionTokens {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlMs });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  // Every API call verifies its token: the signature check, decoding and the claims' parse were a tenth of a
  // list call's own work (issue 22). A token verified once is remembered until it expires; only sound ones are.
  const verified = new Map<string, SessionClaims & { exp: number }>();
  return {
    sign: (claims) => signer({ ...claims }),
    verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known;
        verified.delete(token);
      }
      try {
        const parsed = SessionClaimsSchema.safeParse(verifier(token));
        if (!parsed.success) return null;
        const { exp } = parsed.data;
        if (exp !== undefined) {
          // Bounded: a flood of distinct tokens starts the memory over rather than growing it.
          if (verified.size >= VERIFIED_TOKENS) verified.clear();
          verified.set(token, { ...parsed.data, exp });
        }
        return parsed.data;
      } catch {
        return null;
      }
    },
  };
}
