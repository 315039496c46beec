/**
 * Issue 21 item 5: an account's address is saved whole or not at all, and a partial one is never dropped
 * without a word: 400 with one detail per missing part, on its field, as a catalogue text (both languages).
 */
import { type Account, type FieldIssue, renderText } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ADDRESS } from '../../../test/order-fixtures.ts';
import { openTestApp, unique } from '../../../test/test-app.ts';

const { t, admin } = await openTestApp();
const vendor = await t.createVendor(admin);

const missing = (part: string) => ({
  key: 'accountAddress.partMissing',
  params: { part: { key: `accountAddress.part.${part}` } },
});

function expectMissing(body: { code: string; details: FieldIssue[] }, parts: string[], english: string[]) {
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.details).toEqual(
    parts.map((part, index) => ({ path: `address.${part}`, message: english[index], ...missing(part) })),
  );
}

describe('an account address with only some parts', () => {
  it('is refused on creation with a detail per missing part, and no account is made', async () => {
    const name = unique('Partial ');
    const response = await t.call('POST', '/accounts', {
      token: admin,
      body: {
        name,
        email: 'partial@example.com',
        vendor_sid: vendor.sid,
        address: { address1: ACCOUNT_ADDRESS.address1, city: '' },
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    expectMissing(
      response.json(),
      ['name', 'city', 'state', 'postalCode', 'country'],
      [
        'Address name is required for the address',
        'City is required for the address',
        'State is required for the address',
        'Postal code is required for the address',
        'Country is required for the address',
      ],
    );
    const listed = (await t.call('GET', '/accounts', { token: admin })).json() as Account[];
    expect(listed.map((account) => account.name)).not.toContain(name);
  });

  it('is refused on an update, and the stored address stays as it was', async () => {
    const account = await t.createAccount(admin, { address: ACCOUNT_ADDRESS });
    const { city: _city, ...withoutCity } = ACCOUNT_ADDRESS;
    const response = await t.call('PUT', `/accounts/${account.sid}`, {
      token: admin,
      body: { address: { ...withoutCity, address1: '9 New Street' } },
    });
    expect(response.statusCode, response.body).toBe(400);
    expectMissing(response.json(), ['city'], ['City is required for the address']);
    // One detail: the msg is its English, and its key and params the same text.
    expect(response.json()).toMatchObject({ msg: 'City is required for the address', ...missing('city') });
    const detail = response.json().details[0] as FieldIssue;
    expect(renderText({ key: detail.key ?? '', params: detail.params }, 'vi')).toBe(
      'Cần nhập thành phố cho địa chỉ',
    );
    const stored = (await t.call('GET', `/accounts/${account.sid}`, { token: admin })).json() as Account;
    expect(stored.address).toEqual(ACCOUNT_ADDRESS);
  });

  it('is refused when it is an empty object, naming every required part', async () => {
    const account = await t.createAccount(admin);
    const response = await t.call('PUT', `/accounts/${account.sid}`, { token: admin, body: { address: {} } });
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json().details as FieldIssue[]).map((detail) => detail.path)).toEqual([
      'address.name',
      'address.address1',
      'address.city',
      'address.state',
      'address.postalCode',
      'address.country',
    ]);
  });

  it('is saved once whole, and cleared with null', async () => {
    const account = await t.createAccount(admin);
    const saved = await t.call('PUT', `/accounts/${account.sid}`, {
      token: admin,
      body: { address: ACCOUNT_ADDRESS },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().address).toEqual(ACCOUNT_ADDRESS);
    const cleared = await t.call('PUT', `/accounts/${account.sid}`, {
      token: admin,
      body: { address: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().address).toBeNull();
  });
});
