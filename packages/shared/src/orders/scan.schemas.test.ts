import { describe, expect, it } from 'vitest';
import { embeddedBarcode, normalizeBarcode, ScanParamsSchema } from './scan.schemas.ts';

describe('normalizeBarcode', () => {
  it.each([
    ['PO0123456789', 'PO0123456789'],
    ['  po0123456789 ', 'PO0123456789'],
    ['PO 0123 4567 89', 'PO0123456789'],
    ['PO0123456789\r\n', 'PO0123456789'],
    ['\tPO0123456789\u0000', 'PO0123456789'],
    ['\u200bPO0123\u00ad456789\ufeff', 'PO0123456789'],
    [']C0PO0123456789', 'PO0123456789'],
    [']c0po0123456789', 'PO0123456789'],
    [' ]E0 PO0123456789', 'PO0123456789'],
    [']Q1PO0123456789', 'PO0123456789'],
    ['1Z999AA10123456784', '1Z999AA10123456784'],
  ])('reads %j as %j', (text, expected) => {
    expect(normalizeBarcode(text)).toBe(expected);
  });

  it('strips an AIM prefix only at the start', () => {
    expect(normalizeBarcode('PO]C0123')).toBe('PO]C0123');
    expect(normalizeBarcode(']C0')).toBe('');
  });
});

describe('embeddedBarcode', () => {
  it.each([
    ['XPO0123456789', 'PO0123456789'],
    ['PO01234567897', 'PO0123456789'],
    ['420PO0123456789X', 'PO0123456789'],
    ['PO0123456789', null],
    ['PO012345678', null],
    ['PO0123456789PO9876543210', null],
    ['1Z999AA10123456784', null],
    ['', null],
  ])('finds in %j: %j', (text, expected) => {
    expect(embeddedBarcode(text)).toBe(expected);
  });
});

describe('ScanParamsSchema', () => {
  it('normalises the code and refuses one with nothing left', () => {
    expect(ScanParamsSchema.parse({ code: ']C0 po0123456789\n' }).code).toBe('PO0123456789');
    expect(ScanParamsSchema.safeParse({ code: ' \t' }).success).toBe(false);
    expect(ScanParamsSchema.safeParse({ code: ']C0' }).success).toBe(false);
  });
});
