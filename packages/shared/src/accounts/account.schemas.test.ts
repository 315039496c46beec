import { describe, expect, it } from 'vitest';
import { CreateAccountInputSchema, roundMoney, UpdateAccountInputSchema } from './account.schemas.ts';

describe('account schemas', () => {
  it('requires name, email and vendor on creation, and fills the defaults', () => {
    const missing = CreateAccountInputSchema.safeParse({});
    expect(missing.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'email',
      'name',
      'vendor_sid',
    ]);
    expect(CreateAccountInputSchema.parse({ name: 'Shop', email: 'a@shop.vn', vendor_sid: 'v1' })).toEqual({
      name: 'Shop',
      email: 'a@shop.vn',
      vendor_sid: 'v1',
      is_active: true,
      use_credit: false,
      credit_unit: 'VND',
    });
  });

  it('leaves absent fields out of an update, and clears blank ones', () => {
    expect(UpdateAccountInputSchema.parse({})).toEqual({});
    expect(UpdateAccountInputSchema.parse({ price_sid: '', order_status_hook: null })).toEqual({
      price_sid: null,
      order_status_hook: null,
    });
  });

  it('accepts only http(s) hooks', () => {
    expect(
      UpdateAccountInputSchema.safeParse({ order_status_hook: 'https://shop.example/hook' }).success,
    ).toBe(true);
    expect(UpdateAccountInputSchema.safeParse({ order_status_hook: 'ftp://shop.example' }).success).toBe(
      false,
    );
  });

  it('takes an address with an optional second line only when the rest is there', () => {
    const address = {
      name: 'Shop',
      address1: '1 Le Loi',
      city: 'HCMC',
      state: 'HCM',
      postalCode: '700000',
      country: 'VN',
    };
    expect(UpdateAccountInputSchema.parse({ address }).address).toEqual(address);
    expect(
      UpdateAccountInputSchema.parse({ address: { ...address, address2: '' } }).address?.address2,
    ).toBeNull();
    expect(UpdateAccountInputSchema.safeParse({ address: { ...address, city: '' } }).success).toBe(false);
  });

  it('rounds money to the unit', () => {
    expect(roundMoney(1234.56, 'VND')).toBe(1235);
    expect(roundMoney(12.345, 'USD')).toBe(12.35);
    expect(roundMoney(-0.004, 'USD')).toBe(-0);
  });
});
