import { describe, expect, it } from 'vitest';
import { accountFormValues, createAccountPayload, updateAccountPayload } from './account-form-values.ts';

const filled = {
  name: 'Shop',
  address1: '1 Le Loi',
  address2: '',
  city: 'HCMC',
  state: 'HCM',
  postalCode: '700000',
  country: 'VN',
};

describe('account form payloads', () => {
  it('sends an address as it is, complete or not (the schema names missing parts), and clears an emptied one', () => {
    const values = { ...accountFormValues(), name: 'Shop', email: 'a@shop.vn', vendor_sid: 'v1' };
    expect(createAccountPayload({ ...values, address: filled }).address).toEqual(filled);
    const partial = { ...filled, city: '' };
    expect(createAccountPayload({ ...values, address: partial }).address).toEqual(partial);
    expect(updateAccountPayload(values, true).address).toBeNull();
  });

  it('sends only the hook for account users, and a topup only when it changes something', () => {
    const values = { ...accountFormValues(), order_status_hook: 'https://shop.example/hook', topup: 0 };
    expect(updateAccountPayload(values, false)).toEqual({ order_status_hook: 'https://shop.example/hook' });
    expect('topup' in updateAccountPayload(values, true)).toBe(false);
    expect(updateAccountPayload({ ...values, topup: -5000 }, true).topup).toBe(-5000);
  });
});
