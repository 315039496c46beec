import { describe, expect, it } from 'vitest';
import { checkMawb, mawbWithCheckDigit } from './mawb.ts';
import { isVagueDescription } from './vague-descriptions.ts';

describe('checkMawb', () => {
  it('takes the airline prefix and serial however they are typed, and writes them one way', () => {
    expect(checkMawb('157-12345675')).toEqual({ ok: true, mawb: '157-12345675' });
    expect(checkMawb(' 157 1234 5675 ')).toEqual({ ok: true, mawb: '157-12345675' });
    expect(checkMawb('15712345675')).toEqual({ ok: true, mawb: '157-12345675' });
  });

  it('refuses a wrong length or a wrong check digit (the serial modulo 7), saying which digit is right', () => {
    expect(checkMawb('157-1234567')).toMatchObject({ ok: false });
    expect(checkMawb('ABC-12345675')).toMatchObject({ ok: false });
    expect(checkMawb('157-12345670')).toEqual({
      ok: false,
      msg: 'Master air waybill 157-12345670 fails its check digit: the last digit should be 5.',
      text: { key: 'amsInput.mawbCheckDigit', params: { mawb: '157-12345670', expected: 5 } },
    });
    for (const serial of ['0000000', '1234567', '9999999', '6999999'])
      expect(checkMawb(mawbWithCheckDigit('618', serial)).ok).toBe(true);
  });
});

describe('isVagueDescription', () => {
  it("knows CBP's vague words, in any case and plural, and lets real descriptions through", () => {
    for (const text of ['Gift', 'gifts', 'PARTS', ' daily  necessities ', 'Consolidated', 'accessories'])
      expect(isVagueDescription(text), text).toBe(true);
    for (const text of ['Cotton T-shirt', 'Phone case (silicone)', 'Gift box of dried mango'])
      expect(isVagueDescription(text), text).toBe(false);
  });
});
