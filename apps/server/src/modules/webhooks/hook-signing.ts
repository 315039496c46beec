/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the `webhook-signature` header is
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the account's `whsec_` secret, one per secret that
 * signs (two, space-separated, for a day after a rotation), so a receiver's `standardwebhooks` library verifies
 * it whichever of the two secrets it has.
 *
 * The HMAC is node:crypto's rather than the `standardwebhooks` package's `sign`: the same bytes (the tests
 * verify every delivery with that package), but native, about 20 times cheaper a signature than the package's
 * JavaScript SHA-256, which mattered when 10,000 deliveries drained beside the API.
 */
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export function newHookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The HMAC key of a `whsec_` secret (the base64 after the prefix), decoded once per batch, not per event. */
export function signingKey(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
}

/** The three Standard Webhooks headers of one attempt: the event's id, this attempt's time, its signatures. */
export function signedHeaders(
  eventId: string,
  at: Date,
  body: string,
  keys: readonly Buffer[],
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signed = `${eventId}.${timestamp}.${body}`;
  return {
    'webhook-id': eventId,
    'webhook-timestamp': timestamp,
    'webhook-signature': keys
      .map((key) => `v1,${createHmac('sha256', key).update(signed).digest('base64')}`)
      .join(' '),
  };
}
