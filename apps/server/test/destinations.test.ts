/**
 * Destinations that exist (issue 21 item 4), on every path an order is made or changed: POST /orders, the
 * quote, the admin's edit, the re-weigh, imports and batches. The country is the destination's ISO code (US),
 * the state a USPS code, the ZIP code one of that state's; an order of 0 g is refused.
 */
import type { Order } from '@parcelops/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/modules/orders/orders.table.ts';
import { settledBatch } from './batch-jobs.ts';
import { createOrder, orderBody, orderItem } from './order-fixtures.ts';
import { orderRow, orderSheet } from './order-sheets.ts';
import { unique } from './test-app.ts';
import { openTestWorld } from './test-world.ts';
import { multipart } from './workbooks.ts';

const { t, admin, operator, sellerA } = await openTestWorld({ orderAccounts: true, workers: true });

const place = (body: Record<string, unknown>, token = sellerA.token) =>
  t.call('POST', '/orders', { token, body: orderBody(body) });

const bare = { itemWeight: 0, itemWidth: 0, itemHeight: 0, itemLength: 0 };
const ZERO =
  'The chargeable weight is 0 g: give each item its weight or measures (or declare its SKU with them), so the order can be priced.';

describe('POST /orders', () => {
  it('stores the codes upper-cased and ZIP+4 with its hyphen', async () => {
    const order = await createOrder(t, sellerA.token, {
      country: 'us',
      state: 'ca',
      postalCode: '900011234',
    });
    expect(order).toMatchObject({ country: 'US', state: 'CA', postalCode: '90001-1234' });
  });

  it.each([
    ['United States', 'Use the country code US for United States', 'addresses.country.useCode'],
    ['USA', 'Use the country code US for USA', 'addresses.country.useCode'],
    [
      'Vietnam',
      'Vietnam is not a destination: orders ship to the United States only (country code US)',
      'addresses.country.notDestination',
    ],
    [
      'VN',
      'VN is not a destination: orders ship to the United States only (country code US)',
      'addresses.country.notDestination',
    ],
    [
      'Mars',
      'Mars is not a country code: orders ship to the United States only (country code US)',
      'addresses.country.unknown',
    ],
    [
      'PR',
      'PR is addressed as a US state: use the country code US and the state code PR',
      'addresses.country.usState',
    ],
  ])('refuses the country %s, naming the code to use', async (country, message, key) => {
    const response = await place({ country });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', msg: message });
    expect(response.json().details).toEqual([expect.objectContaining({ path: 'country', message, key })]);
  });

  it('refuses a state that is not a USPS code, naming the code for a state written by name', async () => {
    const named = await place({ state: 'Washington' });
    expect(named.json().details).toEqual([
      expect.objectContaining({ path: 'state', message: 'Use the state code WA for Washington' }),
    ]);
    const other = await place({ state: 'HN' });
    expect(other.json().details).toEqual([
      expect.objectContaining({
        path: 'state',
        message: 'HN is not a US state code: use its two-letter USPS code, such as CA or NY',
      }),
    ]);
  });

  it("refuses a ZIP code of another state on the ZIP code's field, naming its state", async () => {
    const response = await place({ state: 'NY', postalCode: '90001' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      msg: '90001 is in CA, not NY',
      key: 'addresses.zip.otherState',
      params: { zip: '90001', zipState: 'CA', state: 'NY' },
      details: [{ path: 'postalCode', message: '90001 is in CA, not NY', key: 'addresses.zip.otherState' }],
    });
  });

  it('refuses a ZIP code that does not exist or is not written as one', async () => {
    const unknown = await place({ postalCode: '99999' });
    expect(unknown.json().details).toEqual([
      expect.objectContaining({
        path: 'postalCode',
        message: '99999 is not a known US ZIP code: check the address',
      }),
    ]);
    for (const postalCode of ['9810', '98101-12', 'SW1A 1AA']) {
      const response = await place({ postalCode });
      expect(response.statusCode, postalCode).toBe(400);
      expect(response.json().details[0]).toMatchObject({ path: 'postalCode' });
    }
  });

  it('refuses an order of 0 g, and quotes none', async () => {
    const zero = await place({ items: [orderItem({ skuNumber: unique('NONE-'), ...bare })] });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ msg: ZERO, key: 'orderWeight.zero' });
    const tiny = await place({ items: [orderItem({ ...bare, itemWeight: 0.0001 })] });
    expect(tiny.json()).toMatchObject({ msg: ZERO });
    const quote = await t.call('POST', '/orders/quote', {
      token: sellerA.token,
      body: { items: [{ quantity: 1, ...bare }] },
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json()).toMatchObject({ msg: ZERO, key: 'orderWeight.zero' });
  });
});

describe('PUT /orders/{id}', () => {
  const edit = (order: Order, body: Record<string, unknown>) =>
    t.call('PUT', `/orders/${order.sid}`, { token: admin, body });

  it('checks a new state against the ZIP code the order has, and a new ZIP code against its state', async () => {
    const order = await createOrder(t, sellerA.token);
    const state = await edit(order, { state: 'CA' });
    expect(state.statusCode).toBe(400);
    expect(state.json()).toMatchObject({ msg: '98101 is in WA, not CA', details: [{ path: 'postalCode' }] });
    const zip = await edit(order, { postalCode: '10001' });
    expect(zip.json()).toMatchObject({ msg: '10001 is in NY, not WA' });
    const country = await edit(order, { country: 'Vietnam' });
    expect(country.json().details[0]).toMatchObject({ path: 'country' });
    const both = await edit(order, { state: 'ca', postalCode: '90001' });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({ state: 'CA', postalCode: '90001', country: 'US' });
  });

  it('makes an edit of an old order with free-text parts fix them all', async () => {
    const order = await createOrder(t, sellerA.token);
    await t.database.db
      .update(orders)
      .set({ country: 'Vietnam', state: 'HN', postalCode: '100000' })
      .where(eq(orders.sid, order.sid));
    const country = await edit(order, { state: 'WA' });
    expect(country.json().details[0]).toMatchObject({ path: 'country' });
    const state = await edit(order, { country: 'US' });
    expect(state.json().details[0]).toMatchObject({
      path: 'state',
      message: expect.stringMatching(/^HN is not/),
    });
    const zip = await edit(order, { country: 'US', state: 'WA' });
    expect(zip.json().details[0]).toMatchObject({
      path: 'postalCode',
      message: expect.stringMatching(/^100000 is not/),
    });
    // A name alone changes nothing of the address, and is taken.
    expect((await edit(order, { name: 'Renamed' })).statusCode).toBe(200);
    const fixed = await edit(order, { country: 'us', state: 'WA', postalCode: '98101' });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it('never re-weighs a parcel to 0 g', async () => {
    const order = await createOrder(t, sellerA.token);
    for (const token of [admin, operator.token]) {
      const response = await t.call('PUT', `/orders/${order.sid}`, { token, body: { weight: 0 } });
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0]).toMatchObject({ path: 'weight' });
    }
    expect((await t.call('GET', `/orders/${order.sid}`, { token: admin })).json().weight).toBe(400);
  });
});

describe('POST /orders/import', () => {
  it('reports each bad destination and the 0 g order by row and column, and places the rest', async () => {
    const prefix = unique('DST-');
    const file = await orderSheet([
      orderRow(`${prefix}ok`),
      orderRow(`${prefix}name`, { country: 'United States' }),
      orderRow(`${prefix}zip`, { state: 'NY' }),
      orderRow(`${prefix}zero`, {
        skuNumber: unique('NONE-'),
        itemWeight: 0,
        itemWidth: 0,
        itemHeight: 0,
        itemLength: 0,
      }),
      orderRow(`${prefix}lead`, { state: 'MA', postalCode: 2108 }),
    ]);
    const response = await t.call('POST', '/orders/import', {
      token: sellerA.token,
      body: multipart({}, { buffer: file }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as {
      imported: number;
      failedOrders: { orderNumber: string; msg: string }[];
    };
    expect(body.imported).toBe(1);
    const why = Object.fromEntries(body.failedOrders.map((failure) => [failure.orderNumber, failure.msg]));
    expect(why[`${prefix}name`]).toMatch(/^Row 3\b.*country.*Use the country code US for United States/);
    expect(why[`${prefix}zip`]).toMatch(/^Row 4\b.*postalCode.*98101 is in WA, not NY/);
    expect(why[`${prefix}zero`]).toContain(ZERO);
    expect(why[`${prefix}lead`]).toContain('did a spreadsheet drop the leading zero of 02108?');
  });
});

describe('POST /batch_orders', () => {
  const finished = (sid: string) => settledBatch(t, sid, sellerA.token);

  it('fails the batch naming each bad destination and the 0 g order, and places nothing', async () => {
    const prefix = unique('DSTB-');
    const file = await orderSheet([
      orderRow(`${prefix}ok`),
      orderRow(`${prefix}vn`, { country: 'Vietnam' }),
      orderRow(`${prefix}zip`, { postalCode: '90001' }),
      orderRow(`${prefix}zero`, {
        skuNumber: unique('NONE-'),
        itemWeight: 0,
        itemWidth: 0,
        itemHeight: 0,
        itemLength: 0,
      }),
    ]);
    const response = await t.call('POST', '/batch_orders', {
      token: sellerA.token,
      body: multipart({ name: unique('Destinations ') }, { buffer: file, name: 'orders.xlsx' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const batch = await finished(response.json().sid);
    expect(batch).toMatchObject({ status: 'failed', orders: 0 });
    expect(batch.problems).toEqual([
      expect.objectContaining({
        row: 3,
        column: 'country',
        value: 'Vietnam',
        msg: 'Vietnam is not a destination: orders ship to the United States only (country code US)',
      }),
      expect.objectContaining({
        row: 4,
        column: 'postalCode',
        value: '90001',
        msg: '90001 is in CA, not WA',
      }),
      expect.objectContaining({ row: 5, column: null, msg: ZERO }),
    ]);
  });
});
