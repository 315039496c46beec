/**
 * Master air waybill numbers: a 3-digit airline prefix and an 8-digit serial whose last digit checks the first
 * seven (their value modulo 7), the rule airlines and IATA use. Written `123-12345675`; people type them with
 * spaces, dashes or nothing between.
 */
import { englishOf, text } from '../texts/catalog.ts';
import type { Text } from '../texts/text.ts';

export type MawbCheck = { ok: true; mawb: string } | { ok: false; msg: string; text: Text };

function refused(words: Text): MawbCheck {
  return { ok: false, msg: englishOf(words), text: words };
}

/** The MAWB in its one written form, or why it is not one. */
export function checkMawb(typed: string): MawbCheck {
  const digits = typed.replace(/[\s-]/g, '');
  if (!/^\d{11}$/.test(digits)) return refused(text('amsInput.mawbFormat'));
  const serial = digits.slice(3);
  const expected = Number(serial.slice(0, 7)) % 7;
  if (Number(serial[7]) !== expected)
    return refused(text('amsInput.mawbCheckDigit', { mawb: `${digits.slice(0, 3)}-${serial}`, expected }));
  return { ok: true, mawb: `${digits.slice(0, 3)}-${serial}` };
}

/** A valid MAWB for a prefix and a 7-digit serial (tests, examples). */
export function mawbWithCheckDigit(prefix: string, serial7: string): string {
  return `${prefix}-${serial7}${Number(serial7) % 7}`;
}
