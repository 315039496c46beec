import { describe, expect, it } from 'vitest';
import { renderText } from '../texts/catalog.ts';
import { issueText } from '../texts/issues.ts';
import { UpdateAccountInputSchema } from './account.schemas.ts';
import { missingAddressParts } from './address-completeness.ts';

const whole = {
  name: 'Warehouse',
  address1: '1 Trang Tien',
  city: 'Ha Noi',
  state: 'HN',
  postalCode: '100000',
  country: 'VN',
};

describe('account address completeness', () => {
  it('names the required parts left out or blank; address2 is optional', () => {
    expect(missingAddressParts(whole)).toEqual([]);
    expect(missingAddressParts({ address1: '1 Le Loi', city: '  ', state: null })).toEqual([
      'name',
      'city',
      'state',
      'postalCode',
      'country',
    ]);
  });

  it('refuses a partial address with one issue per missing part, each a text in both languages', () => {
    const result = UpdateAccountInputSchema.safeParse({ address: { address1: '1 Le Loi', city: 'Hue' } });
    const issues = result.error?.issues ?? [];
    expect(issues.map((issue) => issue.path.join('.'))).toEqual([
      'address.name',
      'address.state',
      'address.postalCode',
      'address.country',
    ]);
    const state = issueText({ ...issues[1] });
    expect(state).toEqual({
      key: 'accountAddress.partMissing',
      params: { part: { key: 'accountAddress.part.state' } },
    });
    expect(issues[1]?.message).toBe('State is required for the address');
    expect(renderText(state, 'vi')).toBe('Cần nhập tỉnh/bang cho địa chỉ');
  });

  it('passes a whole address to its own rules, and null or nothing through', () => {
    expect(UpdateAccountInputSchema.parse({ address: { ...whole, address2: '' } }).address).toEqual({
      ...whole,
      address2: null,
    });
    expect(UpdateAccountInputSchema.parse({ address: null })).toEqual({ address: null });
    expect(UpdateAccountInputSchema.parse({})).toEqual({});
    const tooLong = UpdateAccountInputSchema.safeParse({ address: { ...whole, city: 'x'.repeat(101) } });
    expect(tooLong.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['address.city']);
  });
});
