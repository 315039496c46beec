/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the `webhook-signature` header is
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the account's `whsec_` secret, one per secret that
 * signs (two, space-separated, for a day after a rotation), so a receiver's `standardwebhooks` library verifies
 * it whichever of the two secrets it has.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export function newHookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The three Standard Webhooks headers of one attempt: the event's id, this attempt's time, its signatures. */
export function signedHeaders(
  eventId: string,
  at: Date,
  body: string,
  secrets: readonly string[],
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(' '),
  };
}
