/**
 * Text PostgreSQL cannot store (a NUL, an unpaired surrogate) is refused as a 400 naming the field, on every
 * route and in every part of the request, before it reaches a query (where it used to end as a 500).
 */
import { englishOf } from '@parcelops/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ADDRESS, createSellerAccount, orderBody } from '../../test/order-fixtures.ts';
import { openTestApp, unique } from '../../test/test-app.ts';
import { multipart, xlsx } from '../../test/workbooks.ts';

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

const { t, admin } = await openTestApp();
const { account, seller } = await createSellerAccount(t, admin);

/** The reply is the contract's 400 naming `path`. */
function expectRefused(response: LightMyRequestResponse, path: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  const [detail] = body.details;
  expect(detail).toMatchObject({ path, key: expect.stringMatching(/^requests\./) });
  const problem = detail.params ? { key: detail.key, params: detail.params } : { key: detail.key };
  expect(body).toEqual({
    msg: expect.stringContaining(path),
    code: 'VALIDATION_FAILED',
    key: 'requests.fieldProblem',
    params: { path, problem },
    details: [detail],
  });
  expect(englishOf(body)).toBe(body.msg);
  expect(englishOf(detail)).toBe(detail.message);
}

describe('a NUL character', () => {
  it('is refused in the body of a public route (sign-in)', async () => {
    expectRefused(
      await t.call('POST', '/login', { body: { username: `ad${NUL}min`, password: 'x' } }),
      'username',
    );
  });

  it('is refused in body fields of every kind of route, naming the nested field', async () => {
    expectRefused(
      await t.call('POST', '/accounts', {
        token: admin,
        body: {
          name: unique('Seller '),
          email: `${unique('s')}@example.com`,
          vendor_sid: account.vendor_sid,
          address: { ...ACCOUNT_ADDRESS, city: `Ha${NUL}Noi` },
        },
      }),
      'address.city',
    );
    expectRefused(
      await t.call('POST', '/hs_codes', {
        token: admin,
        body: { hs_code: unique('HS'), description: `Tea${NUL}` },
      }),
      'description',
    );
    expectRefused(
      await t.call('POST', '/orders', {
        token: seller,
        body: orderBody({ items: [{ ...orderBody().items[0], skuNumber: `SKU${NUL}` }] }),
      }),
      'items.0.skuNumber',
    );
    expectRefused(
      await t.call('PUT', `/accounts/${account.sid}`, {
        token: admin,
        body: { order_status_hook: `https://seller.example.com/${NUL}` },
      }),
      'order_status_hook',
    );
  });

  it('is refused in an object key, with the key shown escaped', async () => {
    const response = await t.call('POST', '/orders', {
      token: seller,
      body: { ...orderBody(), [`na${NUL}me`]: 'x' },
    });
    expectRefused(response, 'na\\u0000me');
  });

  it('is refused in a query parameter, on the public tracking lookup as on signed-in lists', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/v1/tracking?filter=%00' }), 'filter');
    expectRefused(await t.call('GET', '/orders', { token: admin, query: { filter: `PO${NUL}` } }), 'filter');
    expectRefused(
      await t.call('GET', '/users', { token: admin, query: { account_sid: `${account.sid}${NUL}` } }),
      'account_sid',
    );
  });

  it('is refused in a path id', async () => {
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/v1/orders/%00', headers: auth(admin) }),
      'id',
    );
    expectRefused(
      await t.app.inject({ method: 'DELETE', url: `/api/v1/hs_codes/ab%00cd`, headers: auth(admin) }),
      'id',
    );
    expectRefused(
      await t.app.inject({ method: 'GET', url: `/api/v1/accounts/${account.sid}%00`, headers: auth(seller) }),
      'id',
    );
  });

  it('is refused in a multipart text field', async () => {
    const body = multipart(
      { name: `Rates${NUL}` },
      {
        buffer: await xlsx([
          ['weight', 'vnd', 'usd'],
          [500, 180000, 7.5],
        ]),
      },
    );
    expectRefused(await t.call('POST', '/pricese', { token: admin, body }), 'name');
  });

  it('leaves authentication first: an anonymous caller is still told to sign in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/orders/%00' });
    expect(response.statusCode).toBe(401);
  });
});

describe('an unpaired surrogate', () => {
  it('is refused in an account address', async () => {
    expectRefused(
      await t.call('PUT', `/accounts/${account.sid}`, {
        token: admin,
        body: { address: { ...ACCOUNT_ADDRESS, city: `Ha Noi ${LONE_HIGH}` } },
      }),
      'address.city',
    );
  });

  it('is refused in an order’s sellerInformation, a high or a low half alike', async () => {
    expectRefused(
      await t.call('POST', '/orders', {
        token: seller,
        body: orderBody({ sellerInformation: { name: `Shop ${LONE_LOW}`, city: 'Da Nang' } }),
      }),
      'sellerInformation.name',
    );
    // Sent as the raw escape, as a client's own JSON encoder would write it.
    const raw = JSON.stringify(orderBody({ sellerInformation: { city: 'X' } })).replace(
      '"city":"X"',
      '"city":"\\ud83d"',
    );
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...auth(seller), 'content-type': 'application/json' },
        payload: raw,
      }),
      'sellerInformation.city',
    );
  });

  it('is told apart from a NUL in the message', async () => {
    const response = await t.call('POST', '/login', { body: { username: LONE_HIGH, password: 'x' } });
    expect(response.json().details[0].message).toMatch(/surrogate/);
  });
});

describe('text that is fine', () => {
  it('passes: accents, emoji (a paired surrogate) and other control characters are stored', async () => {
    const city = 'Hà Nội 🚚\t';
    const response = await t.call('PUT', `/accounts/${account.sid}`, {
      token: admin,
      body: { address: { ...ACCOUNT_ADDRESS, city } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().address.city).toBe(city.trim());
    const order = await t.call('POST', '/orders', {
      token: seller,
      body: orderBody({ sellerInformation: { name: 'Cửa hàng 🏪' } }),
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().sellerInformation.name).toBe('Cửa hàng 🏪');
  });
});

function auth(token: string) {
  return { authorization: `Bearer ${token}` };
}
