/**
 * Master air waybill numbers: a 3-digit airline prefix and an 8-digit serial whose last digit checks the first
 * seven (their value modulo 7), the rule airlines and IATA use. Written `123-12345675`; people type them with
 * spaces, dashes or nothing between.
 */

export type MawbCheck = { ok: true; mawb: string } | { ok: false; msg: string };

/** The MAWB in its one written form, or why it is not one. */
export function checkMawb(text: string): MawbCheck {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{11}$/.test(digits))
    return {
      ok: false,
      msg: 'Master air waybill must be a 3-digit airline prefix and an 8-digit number, e.g. 157-12345675.',
    };
  const serial = digits.slice(3);
  const expected = Number(serial.slice(0, 7)) % 7;
  if (Number(serial[7]) !== expected)
    return {
      ok: false,
      msg: `Master air waybill ${digits.slice(0, 3)}-${serial} fails its check digit: the last digit should be ${expected}.`,
    };
  return { ok: true, mawb: `${digits.slice(0, 3)}-${serial}` };
}

/** A valid MAWB for a prefix and a 7-digit serial (tests, examples). */
export function mawbWithCheckDigit(prefix: string, serial7: string): string {
  return `${prefix}-${serial7}${Number(serial7) % 7}`;
}
