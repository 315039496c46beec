import type { Order } from '@parcelops/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectCreditShort, expectFieldRefused, expectNoAccess } from '../../../test/expected-replies.ts';
import {
  ACCOUNT_ADDRESS,
  balanceOf,
  createHsCode,
  createItemDeclaration,
  createOrder,
  createOrderAccount,
  createPriceTable,
  ledgerOf,
  ledgerSum,
  orderBody,
  orderItem,
} from '../../../test/order-fixtures.ts';
import { unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { creditLedger } from '../accounts/credit-ledger.table.ts';
import { orderCounts, orderHistory, orders, trackingEvents } from './orders.table.ts';
import { recordStatusChange, SYSTEM } from './status-change.ts';

/** Account A (a seller with a session and an API key) and another account B, both able to order. */
const { t, admin, operator, accountA, accountB, sellerA, keyA, keyASid, sellerB } = await openTestWorld({
  orderAccounts: true,
});

/** A new order's first tracking event as the public reads it: created, at the account's city. */
const CREATED_AT_ACCOUNT_CITY = {
  description: 'Order created',
  description_text: { key: 'orders.event.created' },
  location: ACCOUNT_ADDRESS.city,
  location_text: null,
  eventTime: expect.any(String),
  status: 0,
};

/** Who each of the order's events names as its maker, oldest first. */
const eventActors = async (orderSid: string) =>
  t.database.db
    .select({
      status: trackingEvents.status,
      description: trackingEvents.description,
      userSid: trackingEvents.actorUserSid,
      apiKeySid: trackingEvents.actorApiKeySid,
    })
    .from(trackingEvents)
    .where(eq(trackingEvents.orderSid, orderSid))
    .orderBy(asc(trackingEvents.eventTime), asc(trackingEvents.sid));

const historyOf = (orderSid: string) =>
  t.database.db.select().from(orderHistory).where(eq(orderHistory.orderSid, orderSid));

/** A fresh account with its own seller, so list and statistic checks see only their own orders. */
async function freshSeller(overrides: Record<string, unknown> = {}) {
  const account = await createOrderAccount(t, admin, overrides);
  const seller = await t.createUser(admin, { role: 0, account_sid: account.sid });
  return { account, token: seller.token };
}

async function setOrder(sid: string, changes: Partial<typeof orders.$inferInsert>) {
  await t.database.db.update(orders).set(changes).where(eq(orders.sid, sid));
}

const newHsCode = () => createHsCode(t, admin);

/** A declaration of a fresh SKU for the seller's account: 700 g, 20 x 2 x 30 cm. */
async function declareSku(token: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const sku = unique('WEIGHED-');
  const response = await t.call('POST', '/item_declarations', {
    token,
    body: {
      skuNumber: sku,
      name: 'Tee',
      refName: 'Ao',
      itemDescription: 'Declared tee',
      itemWeight: 700,
      itemWidth: 20,
      itemHeight: 2,
      itemLength: 30,
      can_combine: false,
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return sku;
}

const list = async (token: string, query: Record<string, string>) => {
  const response = await t.call('GET', '/orders', { token, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Omit<Order, 'items'>[]; total: number };
};

describe('POST /orders', () => {
  it('creates the order for the seller: chargeable weight, measures, price, barcode, items', async () => {
    const body = orderBody({
      address2: 'Floor 2',
      sellerInformation: { name: 'Shop A', city: 'HCM' },
      items: [
        orderItem({
          skuNumber: 'A',
          quantity: 2,
          itemWeight: 150,
          itemWidth: 15,
          itemHeight: 5,
          itemLength: 10,
        }),
        orderItem({
          skuNumber: 'B',
          quantity: 1,
          itemWeight: 100,
          itemWidth: 10,
          itemHeight: 5,
          itemLength: 20,
        }),
      ],
    });
    const response = await t.call('POST', '/orders', { token: sellerA.token, body });
    expect(response.statusCode, response.body).toBe(201);
    const order: Order = response.json();
    // Actual 2 × 150 + 100 = 400 g; volumetric 15 × (2 × 5 + 5) × 20 / 5 = 900 g, priced by the 1 kg row.
    expect(order).toMatchObject({
      orderNumber: body.orderNumber,
      account_sid: accountA.sid,
      account_name: accountA.name,
      status: 0,
      reason: null,
      name: 'Nguyen Van A',
      phone: '+84 90 000 0000',
      address1: '400 Pine St',
      address2: 'Floor 2',
      city: 'Seattle',
      state: 'WA',
      country: 'US',
      postalCode: '98101',
      weight: 900,
      width: 15,
      length: 20,
      height: 15,
      vnd: 250000,
      usd: 10,
      shipping_partner: null,
      sellerInformation: { name: 'Shop A', city: 'HCM' },
      ams_sid: null,
      ams_carton_label: null,
      ams_masterAirWaybill: null,
      ams_automatedManifestSystemId: null,
      ams_details: null,
    });
    expect(order.barcode).toMatch(/^PO\d{10}$/);
    expect(order.items.map((item) => [item.skuNumber, item.quantity, item.hs_code])).toEqual([
      ['A', 2, null],
      ['B', 1, null],
    ]);
    expect(order.items[0]).toMatchObject({
      itemDescription: 'T-shirt',
      itemWeight: 150,
      itemWidth: 15,
      itemHeight: 5,
      itemLength: 10,
    });
  });

  it('prices by the first row at or above the chargeable weight, in both currencies', async () => {
    const order = await createOrder(t, sellerA.token, {
      items: [orderItem({ quantity: 3, itemWeight: 200, itemWidth: 1, itemHeight: 1, itemLength: 1 })],
    });
    expect(order).toMatchObject({ weight: 600, vnd: 250000, usd: 10 });
    const exact = await createOrder(t, sellerA.token, {
      items: [orderItem({ itemWeight: 500, itemWidth: 0, itemHeight: 0, itemLength: 0 })],
    });
    expect(exact).toMatchObject({ weight: 500, vnd: 180000, usd: 7.5 });
  });

  it('writes the first tracking event at the account city', async () => {
    const order = await createOrder(t, sellerA.token);
    const response = await t.call('GET', '/tracking', { query: { filter: order.barcode } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([CREATED_AT_ACCOUNT_CITY]);
  });

  it('names who placed the order on its first event: the person, or the API key', async () => {
    const bySeller = await createOrder(t, sellerA.token);
    expect(await eventActors(bySeller.sid)).toEqual([
      { status: 0, description: 'Order created', userSid: sellerA.user.sid, apiKeySid: null },
    ]);
    const byKey = await createOrder(t, keyA);
    expect(await eventActors(byKey.sid)).toEqual([
      { status: 0, description: 'Order created', userSid: null, apiKeySid: keyASid },
    ]);
    // The public view is the same as ever: no actor in it.
    const tracked = await t.call('GET', '/tracking', { query: { filter: byKey.barcode } });
    expect(tracked.json()).toEqual([CREATED_AT_ACCOUNT_CITY]);
  });

  it('lets an API key order for its own account, and refuses another account in the body', async () => {
    const own = await t.call('POST', '/orders', {
      token: keyA,
      body: orderBody({ account_sid: accountA.sid }),
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().account_sid).toBe(accountA.sid);

    for (const token of [keyA, sellerA.token]) {
      const other = await t.call('POST', '/orders', {
        token,
        body: orderBody({ account_sid: accountB.sid }),
      });
      expectNoAccess(other);
    }
  });

  it('lets an admin order for any account, which they must name', async () => {
    const missing = await t.call('POST', '/orders', { token: admin, body: orderBody() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([
      { path: 'account_sid', message: 'Please choose an account.', key: 'orders.chooseAccount' },
    ]);

    const created = await t.call('POST', '/orders', {
      token: admin,
      body: orderBody({ account_sid: accountB.sid }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().account_sid).toBe(accountB.sid);

    const unknown = await t.call('POST', '/orders', {
      token: admin,
      body: orderBody({ account_sid: 'no-such-account' }),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses operators', async () => {
    const response = await t.call('POST', '/orders', {
      token: operator.token,
      body: orderBody({ account_sid: accountA.sid }),
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses an inactive account', async () => {
    const inactive = await createOrderAccount(t, admin, { is_active: false });
    const response = await t.call('POST', '/orders', {
      token: admin,
      body: orderBody({ account_sid: inactive.sid }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(`The account ${inactive.name} is inactive.`);
  });

  it('names every missing required field', async () => {
    const response = await t.call('POST', '/orders', {
      token: sellerA.token,
      body: { items: [{ quantity: 1, itemWeight: 1, itemWidth: 1, itemHeight: 1, itemLength: 1 }] },
    });
    expect(response.statusCode).toBe(400);
    const paths = (response.json().details as { path: string }[]).map((detail) => detail.path).sort();
    expect(paths).toEqual(
      [
        'address1',
        'city',
        'country',
        'items.0.skuNumber',
        'name',
        'orderNumber',
        'postalCode',
        'state',
      ].sort(),
    );
    const blank = await t.call('POST', '/orders', {
      token: sellerA.token,
      body: orderBody({ name: '   ' }),
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toMatchObject([{ path: 'name', message: 'Customer name is required' }]);
  });

  it.each([
    ['no items', { items: [] }, 'items', 'You must provide at least one item.'],
    ['items left out', { items: undefined }, 'items', 'You must provide at least one item.'],
    [
      'quantity 0',
      { items: [orderItem({ quantity: 0 })] },
      'items.0.quantity',
      'Quantity must be at least 1',
    ],
    [
      'a fractional quantity',
      { items: [orderItem({ quantity: 1.5 })] },
      'items.0.quantity',
      'Quantity must be a whole number',
    ],
    [
      'a negative weight',
      { items: [orderItem({ itemWeight: -1 })] },
      'items.0.itemWeight',
      'Item weight must be 0 or more',
    ],
    [
      'a negative height',
      { items: [orderItem({ itemHeight: -0.5 })] },
      'items.0.itemHeight',
      'Item height must be 0 or more',
    ],
    [
      'a weight that is not a number',
      { items: [orderItem({ itemWeight: 'heavy' })] },
      'items.0.itemWeight',
      'Item weight must be a number',
    ],
    [
      'more than 200 items',
      { items: Array.from({ length: 201 }, (_, index) => orderItem({ skuNumber: `S${index}` })) },
      'items',
      'An order may have at most 200 items.',
    ],
  ])('refuses %s', async (_name, overrides, path, message) => {
    const body = orderBody(overrides);
    const response = await t.call('POST', '/orders', { token: sellerA.token, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path, message }] });
  });

  it('accepts exactly 200 items', async () => {
    const items = Array.from({ length: 200 }, (_, index) =>
      orderItem({ skuNumber: `S${index}`, itemWeight: 1, itemWidth: 0, itemHeight: 0, itemLength: 0 }),
    );
    const order = await createOrder(t, sellerA.token, { items });
    expect(order.items).toHaveLength(200);
    expect(order.items.map((item) => item.skuNumber)).toEqual(items.map((item) => item.skuNumber));
    expect(order.weight).toBe(200);
  });

  it('refuses an account without a price table', async () => {
    const { account, token } = await freshSeller({ price_sid: null });
    const response = await t.call('POST', '/orders', { token, body: orderBody() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      msg: `The account ${account.name} has no price table.`,
      code: 'VALIDATION_FAILED',
      key: 'orders.noPriceTable',
      params: { name: account.name },
    });
  });

  it('refuses a weight over the largest row of the price table', async () => {
    const response = await t.call('POST', '/orders', {
      token: sellerA.token,
      body: orderBody({ items: [orderItem({ itemWeight: 2001 })] }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(
      'The chargeable weight 2,001 g is over the largest weight of the price table (2,000 g).',
    );
  });

  it('keeps order numbers unique within an account, not across accounts', async () => {
    const orderNumber = unique('DUP-');
    await createOrder(t, sellerA.token, { orderNumber });
    const again = await t.call('POST', '/orders', { token: sellerA.token, body: orderBody({ orderNumber }) });
    expect(again.statusCode).toBe(409);
    const taken = `Order number ${orderNumber} already exists in this account.`;
    const words = { key: 'orders.numberTaken', params: { orderNumber } };
    expect(again.json()).toEqual({
      msg: taken,
      code: 'ORDER_NUMBER_TAKEN',
      ...words,
      details: [{ path: 'orderNumber', message: taken, ...words }],
    });
    const elsewhere = await t.call('POST', '/orders', {
      token: sellerB.token,
      body: orderBody({ orderNumber }),
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('takes HS codes from the request, else from the item declaration of the SKU', async () => {
    const declared = await newHsCode();
    const given = await newHsCode();
    const sku = unique('DECL-');
    const tee = { name: 'Tee', refName: 'Ao', itemDescription: 'T-shirt', can_combine: false };
    const oneUnit = { itemWeight: 1, itemWidth: 1, itemHeight: 1, itemLength: 1 };
    await createItemDeclaration(t, sellerA.token, { skuNumber: sku, hs_code: declared, ...tee, ...oneUnit });
    const order = await createOrder(t, sellerA.token, {
      items: [
        orderItem({ skuNumber: sku }),
        orderItem({ skuNumber: sku, hs_code: given }),
        orderItem({ skuNumber: unique('UNDECLARED-') }),
      ],
    });
    expect(order.items.map((item) => item.hs_code)).toEqual([declared, given, null]);

    // Another account's declaration of the same SKU is not used.
    const other = await createOrder(t, sellerB.token, { items: [orderItem({ skuNumber: sku })] });
    expect(other.items[0]?.hs_code).toBeNull();
  });

  const bare = { itemWeight: 0, itemWidth: 0, itemHeight: 0, itemLength: 0 };

  it("weighs an item given without weight or dimensions by its SKU's declaration", async () => {
    const sku = await declareSku(sellerA.token);
    const order = await createOrder(t, sellerA.token, {
      items: [orderItem({ skuNumber: sku, quantity: 2, itemDescription: null, ...bare })],
    });
    // 2 x 700 g = 1,400 g actual (volumetric 20 x 4 x 30 / 5 = 480 g): the 2 kg row, not the lowest.
    expect(order).toMatchObject({ weight: 1400, vnd: 400000, usd: 16, width: 20, length: 30, height: 4 });
    expect(order.items[0]).toMatchObject({
      skuNumber: sku,
      itemDescription: 'Declared tee',
      itemWeight: 700,
      itemWidth: 20,
      itemHeight: 2,
      itemLength: 30,
    });
  });

  it('keeps the weight and dimensions an item gives, declared or not', async () => {
    const sku = await declareSku(sellerA.token);
    const order = await createOrder(t, sellerA.token, {
      items: [orderItem({ skuNumber: sku, itemWeight: 300, itemWidth: 0, itemHeight: 0, itemLength: 0 })],
    });
    expect(order).toMatchObject({ weight: 300, vnd: 180000, usd: 7.5 });
    expect(order.items[0]).toMatchObject({ itemWeight: 300, itemWidth: 0, itemDescription: 'T-shirt' });

    // An undeclared SKU (here: declared by another account only) weighs nothing: refused, never priced at 0 g.
    const other = await t.call('POST', '/orders', {
      token: sellerB.token,
      body: orderBody({ items: [orderItem({ skuNumber: sku, ...bare })] }),
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ key: 'orderWeight.zero' });
  });

  it('charges credit by the declared weight', async () => {
    const { account, token } = await freshSeller({ use_credit: true, credit_unit: 'VND', topup: 1000000 });
    const sku = await declareSku(token);
    await createOrder(t, token, { items: [orderItem({ skuNumber: sku, ...bare })] });
    expect(await balanceOf(t, admin, account.sid)).toBe(750000);
  });

  it('refuses an HS code that is not in the HS code table', async () => {
    const response = await t.call('POST', '/orders', {
      token: sellerA.token,
      body: orderBody({ items: [orderItem(), orderItem({ hs_code: 'NOPE.00' })] }),
    });
    expectFieldRefused(response, {
      path: 'items.1.hs_code',
      message: 'The HS code NOPE.00 is not in the HS code table.',
      key: 'orders.hsCodeUnknown',
      params: { code: 'NOPE.00' },
    });
  });
});

describe('POST /orders: declared value and origin (issue 20)', () => {
  it("keeps what an item gives, else takes its SKU's declaration, else no value and VN", async () => {
    const sku = await declareSku(sellerA.token, { declaredValue: 8.5, originCountry: 'CN' });
    const plain = await declareSku(sellerA.token);
    const light = (overrides: Record<string, unknown>) => orderItem({ itemWeight: 100, ...overrides });
    const order = await createOrder(t, sellerA.token, {
      items: [
        light({ skuNumber: sku, declaredValue: 12.34, originCountry: 'th' }),
        light({ skuNumber: sku }),
        light({ skuNumber: sku, declaredValue: null, originCountry: '' }),
        light({ skuNumber: sku, declaredValue: 3 }),
        light({ skuNumber: plain }),
        light({ skuNumber: unique('UNDECLARED-'), declaredValue: 0.29 }),
      ],
    });
    expect(order.items.map((item) => [item.declaredValue, item.originCountry])).toEqual([
      [12.34, 'TH'],
      [8.5, 'CN'],
      [8.5, 'CN'],
      [3, 'CN'],
      [null, 'VN'],
      [0.29, 'VN'],
    ]);
    const read = await t.call('GET', `/orders/${order.sid}`, { token: sellerA.token });
    expect(read.json().items).toEqual(order.items);

    // An order without the two fields, as every client sent before them, still places (another account's
    // declaration of the same SKU is not used).
    const older = await createOrder(t, sellerB.token, { items: [orderItem({ skuNumber: sku })] });
    expect(older.items[0]).toMatchObject({ declaredValue: null, originCountry: 'VN' });
  });

  it('refuses a value that is not more than 0, has cents below or is not a number, and an unknown origin', async () => {
    const cases = [
      {
        item: { declaredValue: 0 },
        path: 'items.0.declaredValue',
        message: 'Declared value must be more than 0',
      },
      {
        item: { declaredValue: -5 },
        path: 'items.0.declaredValue',
        message: 'Declared value must be more than 0',
      },
      {
        item: { declaredValue: 1.005 },
        path: 'items.0.declaredValue',
        message: 'Declared value may have at most 2 decimals',
      },
      {
        item: { declaredValue: 2_000_000 },
        path: 'items.0.declaredValue',
        message: 'Declared value must be at most 1000000',
      },
      {
        item: { declaredValue: '12' },
        path: 'items.0.declaredValue',
        message: 'Declared value must be a number',
      },
      {
        item: { originCountry: 'ZZ' },
        path: 'items.0.originCountry',
        message: 'Origin country ZZ is not an ISO 3166 country code',
      },
      {
        item: { originCountry: 'Viet Nam' },
        path: 'items.0.originCountry',
        message: 'Origin country must be a two-letter ISO 3166 code, such as VN',
      },
    ];
    for (const { item, path, message } of cases) {
      const orderNumber = unique('BADC-');
      const response = await t.call('POST', '/orders', {
        token: sellerA.token,
        body: orderBody({ orderNumber, items: [orderItem(item)] }),
      });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().details, JSON.stringify(item)).toMatchObject([{ path, message }]);
      const listed = await list(sellerA.token, { filter: orderNumber });
      expect(listed.total).toBe(0);
    }
  });
});

describe('credit', () => {
  it('charges a use_credit account in its unit and writes the ledger', async () => {
    const { account, token } = await freshSeller({ use_credit: true, credit_unit: 'VND', topup: 500000 });
    const order = await createOrder(t, token);
    expect(await balanceOf(t, admin, account.sid)).toBe(320000);
    const charge = (await ledgerOf(t, account.sid)).find((row) => row.kind === 'order_charge');
    expect(charge).toMatchObject({ amount: '-180000.00', balanceAfter: '320000.00', orderSid: order.sid });
    expect(await ledgerSum(t, account.sid)).toBe(320000);

    const usd = await freshSeller({ use_credit: true, credit_unit: 'USD', topup: 20 });
    await createOrder(t, usd.token);
    expect(await balanceOf(t, admin, usd.account.sid)).toBe(12.5);
  });

  it('does not charge an account that does not use credit', async () => {
    const { account, token } = await freshSeller({ use_credit: false, topup: 100000 });
    await createOrder(t, token);
    expect(await balanceOf(t, admin, account.sid)).toBe(100000);
  });

  it('refuses an order the balance cannot cover, giving balance and cost, and writes nothing', async () => {
    const { account, token } = await freshSeller({ use_credit: true, credit_unit: 'VND', topup: 120000 });
    const before = await ledgerOf(t, account.sid);
    const body = orderBody();
    const response = await t.call('POST', '/orders', { token, body });
    expectCreditShort(response, {
      msg: 'The credit balance (120,000 VND) cannot cover this order (180,000 VND).',
      key: 'orders.creditShort',
      params: { balance: '120,000 VND', cost: '180,000 VND' },
    });
    expect(await balanceOf(t, admin, account.sid)).toBe(120000);
    expect(await ledgerOf(t, account.sid)).toEqual(before);
    expect((await list(admin, { account_sid: account.sid })).total).toBe(0);
    expect(await t.database.db.select().from(orders).where(eq(orders.orderNumber, body.orderNumber))).toEqual(
      [],
    );
  });
});

describe('POST /orders/quote', () => {
  const quote = (token: string, body: Record<string, unknown>) =>
    t.call('POST', '/orders/quote', { token, body });
  const lines = (...items: Record<string, unknown>[]) => items.map((item) => orderItem(item));

  it('weighs and prices the items as the order would be, placing nothing', async () => {
    const { account, token } = await freshSeller({ use_credit: true, credit_unit: 'VND', topup: 1000000 });
    // 2 x 300 g = 600 g actual; volumetric 20 x (2 x 10) x 20 / 5 = 1,600 g wins.
    const items = lines({ quantity: 2, itemWeight: 300, itemWidth: 20, itemHeight: 10, itemLength: 20 });
    const response = await quote(token, { items });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ weight: 1600, vnd: 400000, usd: 16 });

    const order = await createOrder(t, token, { items });
    expect({ weight: order.weight, vnd: order.vnd, usd: order.usd }).toEqual(response.json());
    // The quote neither charged nor listed anything: only the placed order did.
    expect(await balanceOf(t, admin, account.sid)).toBe(600000);
    expect((await list(admin, { account_sid: account.sid })).total).toBe(1);
  });

  it('answers an API key for its own account, and an admin for the account they name', async () => {
    const items = lines({ itemWeight: 700, itemWidth: 0, itemHeight: 0, itemLength: 0 });
    const byKey = await quote(keyA, { items });
    expect(byKey.json()).toEqual({ weight: 700, vnd: 250000, usd: 10 });

    const byAdmin = await quote(admin, { account_sid: accountB.sid, items });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual({ weight: 700, vnd: 250000, usd: 10 });

    const unnamed = await quote(admin, { items });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().details).toEqual([
      { path: 'account_sid', message: 'Please choose an account.', key: 'orders.chooseAccount' },
    ]);
  });

  it("refuses another account's sid from a seller, and operators", async () => {
    const items = lines({});
    const other = await quote(sellerA.token, { account_sid: accountB.sid, items });
    expectNoAccess(other);
    expect((await quote(operator.token, { account_sid: accountA.sid, items })).statusCode).toBe(403);
  });

  it('weighs a line with a declared SKU and no measures by the declaration, as the order would be', async () => {
    const { token } = await freshSeller();
    const sku = await declareSku(token, { itemWidth: 0, itemHeight: 0, itemLength: 0 });
    const bare = { skuNumber: sku, quantity: 1, itemWeight: 0, itemWidth: 0, itemHeight: 0, itemLength: 0 };
    const response = await quote(token, { items: [bare] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ weight: 700, vnd: 250000, usd: 10 });
    const order = await createOrder(t, token, { items: [orderItem(bare)] });
    expect({ weight: order.weight, vnd: order.vnd, usd: order.usd }).toEqual(response.json());
    // Without the SKU, or with a weight of its own, the line is weighed as given: 0 g has no price.
    const { skuNumber: _sku, ...unnamed } = bare;
    expect((await quote(token, { items: [unnamed] })).json()).toMatchObject({ key: 'orderWeight.zero' });
    expect((await quote(token, { items: [{ ...bare, itemWeight: 100 }] })).json()).toEqual({
      weight: 100,
      vnd: 180000,
      usd: 7.5,
    });
  });

  it('gives the reasons an order would be refused: no table, too heavy, bad items', async () => {
    const { account, token } = await freshSeller({ price_sid: null });
    const noTable = await quote(token, { items: lines({}) });
    expect(noTable.statusCode).toBe(400);
    expect(noTable.json().msg).toBe(`The account ${account.name} has no price table.`);

    const heavy = await quote(sellerA.token, { items: lines({ itemWeight: 2001 }) });
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().msg).toBe(
      'The chargeable weight 2,001 g is over the largest weight of the price table (2,000 g).',
    );

    const none = await quote(sellerA.token, { items: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toMatchObject([
      { path: 'items', message: 'You must provide at least one item.' },
    ]);

    const negative = await quote(sellerA.token, { items: lines({ quantity: 0, itemWidth: -1 }) });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'items.0.quantity', message: 'Quantity must be at least 1' }),
        expect.objectContaining({ path: 'items.0.itemWidth', message: 'Item width must be 0 or more' }),
      ]),
    );
  });
});

describe('GET /orders', () => {
  it('shows a seller and their API key only their own account, newest first, without items', async () => {
    const { account, token } = await freshSeller();
    const first = await createOrder(t, token);
    const second = await createOrder(t, token);
    const page = await list(token, {});
    expect(page.total).toBe(2);
    expect(page.data.map((order) => order.sid)).toEqual([second.sid, first.sid]);
    expect(page.data[0]).not.toHaveProperty('items');
    const { items: _items, items_version: _version, ...withoutItems } = second;
    expect(page.data[0]).toEqual(withoutItems);
    expect(page.data.every((order) => order.account_sid === account.sid)).toBe(true);

    const byKey = await list(keyA, {});
    expect(byKey.data.every((order) => order.account_sid === accountA.sid)).toBe(true);
  });

  it("refuses a seller asking for another account's orders or for the manifest filters", async () => {
    const queries: Record<string, string>[] = [
      { account_sid: accountB.sid },
      { ams_masterAirWaybill: 'MAWB' },
      { ams_carton_label: 'C1' },
    ];
    for (const query of queries) {
      for (const token of [sellerA.token, keyA]) {
        const response = await t.call('GET', '/orders', { token, query });
        expectNoAccess(response);
      }
    }
    expect((await list(sellerA.token, { account_sid: accountA.sid })).total).toBeGreaterThan(0);
  });

  it('shows operators and admins every account, or the one they name', async () => {
    const a = await createOrder(t, sellerA.token);
    const b = await createOrder(t, sellerB.token);
    for (const token of [operator.token, admin]) {
      const all = (await list(token, { page_size: '500' })).data.map((order) => order.sid);
      expect(all).toEqual(expect.arrayContaining([a.sid, b.sid]));
      const onlyB = await list(token, { account_sid: accountB.sid, page_size: '500' });
      expect(onlyB.data.map((order) => order.sid)).toContain(b.sid);
      expect(onlyB.data.every((order) => order.account_sid === accountB.sid)).toBe(true);
    }
  });

  it('pages with a zero-based page and a page size, and counts the total', async () => {
    const { token } = await freshSeller();
    const created: Order[] = [];
    for (let index = 0; index < 5; index++) created.push(await createOrder(t, token));
    const newestFirst = created.map((order) => order.sid).reverse();
    const pages = [];
    for (const page of ['0', '1', '2']) pages.push(await list(token, { page, page_size: '2' }));
    expect(pages.map((page) => page.total)).toEqual([5, 5, 5]);
    expect(pages.flatMap((page) => page.data.map((order) => order.sid))).toEqual(newestFirst);
    // Past the end: no rows, and still the total.
    expect(await list(token, { page: '3', page_size: '2' })).toEqual({ data: [], total: 5 });
    expect(await list(token, { page: '0', page_size: '2', status: '4' })).toEqual({ data: [], total: 0 });
    expect((await list(token, { page_size: '500000' })).data).toHaveLength(5);
    expect((await list(token, {})).data).toHaveLength(5);
  });

  it.each([
    [{ page_size: '500001' }, 'page_size must be at most 500000'],
    [{ page_size: '0' }, 'page_size must be at least 1'],
    [{ page: '-1' }, 'page must be 0 or more'],
    [{ page: '1.5' }, 'page must be a whole number'],
    [{ from_date: 'yesterday' }, 'yesterday is not a date (use YYYY-MM-DD)'],
    [{ to_date: '2026-02-30' }, '2026-02-30 is not a date (use YYYY-MM-DD)'],
    [{ from_date: '1' }, '1 is not a date (use YYYY-MM-DD)'],
    [{ status: 'done' }, undefined],
    [{ filter_missing_hs_code: 'maybe' }, undefined],
  ])('refuses %o with 400', async (query, message) => {
    const response = await t.call('GET', '/orders', { token: admin, query });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    if (message) expect(response.json().msg).toBe(message);
  });

  it('filters by status', async () => {
    const { token } = await freshSeller();
    const generated = await createOrder(t, token);
    const scanned = await createOrder(t, token);
    await setOrder(scanned.sid, { status: 1 });
    expect((await list(token, { status: '1' })).data.map((order) => order.sid)).toEqual([scanned.sid]);
    expect((await list(token, { status: '0' })).data.map((order) => order.sid)).toEqual([generated.sid]);
    expect((await list(token, { status: '4' })).total).toBe(0);
  });

  it('filters by an inclusive range of days, to_date meaning the whole day', async () => {
    const { token } = await freshSeller();
    const days = [
      '2026-01-09T23:59:59.999Z',
      '2026-01-10T00:00:00Z',
      '2026-01-12T23:59:59.999Z',
      '2026-01-13T00:00:00Z',
    ];
    const made: Order[] = [];
    for (const day of days) {
      const order = await createOrder(t, token);
      await setOrder(order.sid, { dateCreated: new Date(day) });
      made.push(order);
    }
    const sids = (query: Record<string, string>) =>
      list(token, query).then((page) => page.data.map((order) => order.sid));
    expect(await sids({ from_date: '2026-01-10', to_date: '2026-01-12' })).toEqual([
      made[2]?.sid,
      made[1]?.sid,
    ]);
    expect(await sids({ from_date: '2026-01-13' })).toEqual([made[3]?.sid]);
    expect(await sids({ to_date: '2026-01-09' })).toEqual([made[0]?.sid]);
    expect(await sids({ from_date: '2026-01-10T00:00:00Z', to_date: '2026-01-12T12:00:00Z' })).toEqual([
      made[1]?.sid,
    ]);
    expect(await sids({ from_date: '2026-01-11', to_date: '2026-01-10' })).toEqual([]);
  });

  it('filters text by exact barcode, order-number prefix and part of the customer name, in any case', async () => {
    const { token } = await freshSeller();
    const alpha = await createOrder(t, token, { orderNumber: 'ALPHA-100', name: 'Tran Thi Binh' });
    const beta = await createOrder(t, token, { orderNumber: 'BETA-200', name: 'Le Van Cuong' });
    const sids = (filter: string) =>
      list(token, { filter }).then((page) => page.data.map((order) => order.sid));
    expect(await sids(alpha.barcode)).toEqual([alpha.sid]);
    expect(await sids(alpha.barcode.toLowerCase())).toEqual([alpha.sid]);
    // A barcode's beginning finds it too (issue 28, orders-search.test.ts).
    expect(await sids(alpha.barcode.slice(0, 8))).toEqual([alpha.sid]);
    expect(await sids('alpha-1')).toEqual([alpha.sid]);
    expect(await sids('PHA-100')).toEqual([]);
    expect(await sids('van cu')).toEqual([beta.sid]);
    expect(await sids('THI')).toEqual([alpha.sid]);
    expect(await sids('%')).toEqual([]);
    expect(await sids('_')).toEqual([]);
  });

  it('filters orders with at least one item missing an HS code', async () => {
    const { token } = await freshSeller();
    const code = await newHsCode();
    const complete = await createOrder(t, token, { items: [orderItem({ hs_code: code })] });
    const partial = await createOrder(t, token, {
      items: [orderItem({ hs_code: code }), orderItem({ skuNumber: 'X' })],
    });
    const page = await list(token, { filter_missing_hs_code: 'true' });
    expect(page.data.map((order) => order.sid)).toEqual([partial.sid]);
    expect(page.total).toBe(1);
    expect((await list(token, { filter_missing_hs_code: 'false' })).total).toBe(2);
    expect(complete.items[0]?.hs_code).toBe(code);
  });

  it('filters by manifest, carton label and master air waybill for staff', async () => {
    const { account, token } = await freshSeller();
    const inAms = await createOrder(t, token);
    const other = await createOrder(t, token);
    await setOrder(inAms.sid, {
      amsSid: 'ams-1',
      amsCartonLabel: 'CARTON-1',
      amsMasterAirWaybill: 'MAWB-1',
      amsAutomatedManifestSystemId: 'AMS-ID-1',
      amsDetails: { airportCode: 'LAX', hawb: 'H1', carrier: 'DHL', serviceType: 'First Class' },
    });
    await setOrder(other.sid, { amsSid: 'ams-2', amsCartonLabel: 'CARTON-2', amsMasterAirWaybill: 'MAWB-2' });
    const manifestQueries: Record<string, string>[] = [
      { ams_sid: 'ams-1' },
      { ams_carton_label: 'CARTON-1' },
      { ams_masterAirWaybill: 'MAWB-1' },
    ];
    for (const query of manifestQueries) {
      const page = await list(operator.token, { account_sid: account.sid, ...query });
      expect(page.data.map((order) => order.sid)).toEqual([inAms.sid]);
      expect(page.data[0]).toMatchObject({
        ams_sid: 'ams-1',
        ams_carton_label: 'CARTON-1',
        ams_masterAirWaybill: 'MAWB-1',
        ams_automatedManifestSystemId: 'AMS-ID-1',
        ams_details: { airportCode: 'LAX', hawb: 'H1', carrier: 'DHL', serviceType: 'First Class' },
      });
    }
    // The AMS view's call: every order of a manifest in one page.
    const ams = await list(admin, { page: '0', page_size: '500000', ams_sid: 'ams-2' });
    expect(ams.data.map((order) => order.sid)).toEqual([other.sid]);
    // A seller may narrow their own list by manifest.
    expect((await list(token, { ams_sid: 'ams-1' })).data.map((order) => order.sid)).toEqual([inAms.sid]);
  });

  it('combines filters', async () => {
    const { token } = await freshSeller();
    const target = await createOrder(t, token, { orderNumber: 'COMBO-1' });
    const scanned = await createOrder(t, token, { orderNumber: 'COMBO-2' });
    await setOrder(scanned.sid, { status: 1 });
    const page = await list(token, { filter: 'combo', status: '0', filter_missing_hs_code: '1' });
    expect(page.data.map((order) => order.sid)).toEqual([target.sid]);
  });
});

describe('GET /orders/statistic', () => {
  it('counts orders per status that has any, with the list filters but not status or paging', async () => {
    const { account, token } = await freshSeller();
    const made: Order[] = [];
    for (let index = 0; index < 6; index++) made.push(await createOrder(t, token));
    await setOrder(made[0]?.sid as string, { status: 1 });
    await setOrder(made[1]?.sid as string, { status: 1 });
    await setOrder(made[2]?.sid as string, { status: 5 });
    await setOrder(made[3]?.sid as string, { status: 10, dateCreated: new Date('2025-06-01T10:00:00Z') });

    const response = await t.call('GET', '/orders/statistic', {
      token,
      query: { status: '1', page: '3', page_size: '1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { status: 0, count: 2 },
      { status: 1, count: 2 },
      { status: 5, count: 1 },
      { status: 10, count: 1 },
    ]);
    const ranged = await t.call('GET', '/orders/statistic', {
      token: admin,
      query: { account_sid: account.sid, from_date: '2025-06-01', to_date: '2025-06-01' },
    });
    expect(ranged.json()).toEqual([{ status: 10, count: 1 }]);
  });

  it("refuses a seller asking for another account's statistic", async () => {
    const response = await t.call('GET', '/orders/statistic', {
      token: sellerA.token,
      query: { account_sid: accountB.sid },
    });
    expect(response.statusCode).toBe(403);
    const bad = await t.call('GET', '/orders/statistic', { token: admin, query: { from_date: 'soon' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /orders/{sid}', () => {
  it('gives the order with its items to its account and to staff, and not found to others', async () => {
    const order = await createOrder(t, sellerA.token);
    for (const token of [sellerA.token, keyA, operator.token, admin]) {
      const response = await t.call('GET', `/orders/${order.sid}`, { token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(order);
    }
    const other = await t.call('GET', `/orders/${order.sid}`, { token: sellerB.token });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ msg: 'Order not found.', code: 'NOT_FOUND', key: 'orders.notFound' });
    expect((await t.call('GET', '/orders/no-such-order', { token: admin })).statusCode).toBe(404);
  });
});

describe('PUT /orders/{id}', () => {
  it("lets an admin correct the customer's details", async () => {
    const order = await createOrder(t, sellerA.token, { address2: 'Old' });
    const response = await t.call('PUT', `/orders/${order.sid}`, {
      token: admin,
      body: { name: 'New Name', city: 'Da Nang', address2: null, phone: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...order,
      name: 'New Name',
      city: 'Da Nang',
      address2: null,
      phone: null,
    });
  });

  it('is for admins, and for operators re-weighing: account users and keys are refused', async () => {
    const order = await createOrder(t, sellerA.token);
    for (const token of [sellerA.token, keyA]) {
      const response = await t.call('PUT', `/orders/${order.sid}`, { token, body: { weight: 100 } });
      expect(response.statusCode).toBe(403);
    }
    const reweighed = await t.call('PUT', `/orders/${order.sid}`, {
      token: operator.token,
      body: { weight: 100 },
    });
    expect(reweighed.statusCode, reweighed.body).toBe(200);
    expect(reweighed.json()).toEqual({ ...order, weight: 100 });
    const edit = await t.call('PUT', `/orders/${order.sid}`, {
      token: operator.token,
      body: { name: 'Someone Else' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().msg).toBe(
      "Operators may only re-weigh an order (send the weight alone); the customer's details are corrected by an admin.",
    );
  });

  it('refuses bad changes', async () => {
    const order = await createOrder(t, sellerA.token);
    const cases: [unknown, number, string][] = [
      [{}, 400, 'Nothing to change: give the customer details or the weight.'],
      [{ weight: 0 }, 400, 'Weight must be at least 1 gram'],
      [{ weight: 10.5 }, 400, 'Weight must be whole grams'],
      [{ weight: 'x' }, 400, 'Weight must be a number'],
      [{ name: '' }, 400, 'Customer name is required'],
      [
        { weight: 2001 },
        400,
        'The chargeable weight 2,001 g is over the largest weight of the price table (2,000 g).',
      ],
    ];
    for (const [body, status, msg] of cases) {
      const response = await t.call('PUT', `/orders/${order.sid}`, { token: admin, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().msg).toBe(msg);
    }
    const missing = await t.call('PUT', '/orders/no-such-order', { token: admin, body: { weight: 10 } });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses to change an Order Failed order', async () => {
    const order = await createOrder(t, sellerA.token);
    await setOrder(order.sid, { status: 10 });
    const response = await t.call('PUT', `/orders/${order.sid}`, { token: admin, body: { name: 'X' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('Orders in status Order Failed cannot be changed.');
  });

  it('re-prices a new weight from the current table', async () => {
    const { account, token } = await freshSeller();
    const order = await createOrder(t, token);
    const heavier = await t.call('PUT', `/orders/${order.sid}`, { token: admin, body: { weight: 1500 } });
    expect(heavier.statusCode).toBe(200);
    expect(heavier.json()).toMatchObject({ weight: 1500, vnd: 400000, usd: 16 });

    // A new table on the account prices the next re-weigh.
    const table = await createPriceTable(t, admin, [[5000, 99000, 4]]);
    await t.call('PUT', `/accounts/${account.sid}`, { token: admin, body: { price_sid: table } });
    const again = await t.call('PUT', `/orders/${order.sid}`, { token: admin, body: { weight: 1600 } });
    expect(again.json()).toMatchObject({ weight: 1600, vnd: 99000, usd: 4 });
  });

  it('charges or refunds the difference on credit, keeping the ledger sum equal to the balance', async () => {
    const { account, token } = await freshSeller({ use_credit: true, credit_unit: 'VND', topup: 1000000 });
    const order = await createOrder(t, token);
    expect(await balanceOf(t, admin, account.sid)).toBe(820000);

    await t.call('PUT', `/orders/${order.sid}`, { token: admin, body: { weight: 1500 } });
    expect(await balanceOf(t, admin, account.sid)).toBe(600000); // 400,000 - 180,000 more
    await t.call('PUT', `/orders/${order.sid}`, { token: admin, body: { weight: 700 } });
    expect(await balanceOf(t, admin, account.sid)).toBe(750000); // 150,000 back
    // The same price band changes nothing on credit.
    await t.call('PUT', `/orders/${order.sid}`, { token: admin, body: { weight: 800 } });
    expect(await balanceOf(t, admin, account.sid)).toBe(750000);

    const reweighs = (await ledgerOf(t, account.sid)).filter((row) => row.kind === 'reweigh');
    expect(reweighs.map((row) => Number(row.amount)).sort((a, b) => a - b)).toEqual([-220000, 150000]);
    expect(reweighs.every((row) => row.orderSid === order.sid)).toBe(true);
    expect(await ledgerSum(t, account.sid)).toBe(750000);
  });

  it('refuses a heavier weight the balance cannot cover, changing nothing', async () => {
    const { account, token } = await freshSeller({ use_credit: true, credit_unit: 'VND', topup: 200000 });
    const order = await createOrder(t, token);
    const response = await t.call('PUT', `/orders/${order.sid}`, { token: admin, body: { weight: 1500 } });
    expectCreditShort(response, {
      msg: 'The credit balance (20,000 VND) cannot cover the new weight (220,000 VND more).',
      key: 'orders.reweighCreditShort',
      params: { balance: '20,000 VND', cost: '220,000 VND' },
    });
    expect((await t.call('GET', `/orders/${order.sid}`, { token })).json()).toEqual(order);
    expect(await balanceOf(t, admin, account.sid)).toBe(20000);
    expect(await ledgerSum(t, account.sid)).toBe(20000);
  });
});

describe('PUT /orders/items/{id}', () => {
  it("lets an admin set an item's HS code from the table", async () => {
    const code = await newHsCode();
    const order = await createOrder(t, sellerA.token, {
      items: [orderItem(), orderItem({ skuNumber: 'B' })],
    });
    const item = order.items[1]?.sid as string;
    const response = await t.call('PUT', `/orders/items/${item}`, { token: admin, body: { hs_code: code } });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((entry: { hs_code: string | null }) => entry.hs_code)).toEqual([
      null,
      code,
    ]);

    const unknown = await t.call('PUT', `/orders/items/${item}`, {
      token: admin,
      body: { hs_code: 'ZZ.99' },
    });
    expectFieldRefused(unknown, {
      path: 'hs_code',
      message: 'The HS code ZZ.99 is not in the HS code table.',
      key: 'orders.hsCodeUnknown',
      params: { code: 'ZZ.99' },
    });
    const empty = await t.call('PUT', `/orders/items/${item}`, { token: admin, body: { hs_code: ' ' } });
    expect(empty.statusCode).toBe(400);
    const missing = await t.call('PUT', '/orders/items/no-such-item', {
      token: admin,
      body: { hs_code: code },
    });
    expect(missing.statusCode).toBe(404);
    for (const token of [sellerA.token, operator.token]) {
      const refused = await t.call('PUT', `/orders/items/${item}`, { token, body: { hs_code: code } });
      expect(refused.statusCode).toBe(403);
    }
  });
});

describe('DELETE /orders/{id}', () => {
  it('deletes a Generated order of the own account', async () => {
    const order = await createOrder(t, sellerA.token);
    const response = await t.call('DELETE', `/orders/${order.sid}`, { token: sellerA.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sid: order.sid });
    expect((await t.call('GET', `/orders/${order.sid}`, { token: admin })).statusCode).toBe(404);
    const byKey = await createOrder(t, keyA);
    expect((await t.call('DELETE', `/orders/${byKey.sid}`, { token: keyA })).statusCode).toBe(200);
    const byAdmin = await createOrder(t, sellerB.token);
    expect((await t.call('DELETE', `/orders/${byAdmin.sid}`, { token: admin })).statusCode).toBe(200);
  });

  it('leaves a history row naming who deleted the order, which outlives it and its events', async () => {
    const bySeller = await createOrder(t, sellerA.token);
    expect((await t.call('DELETE', `/orders/${bySeller.sid}`, { token: sellerA.token })).statusCode).toBe(
      200,
    );
    expect(await historyOf(bySeller.sid)).toEqual([
      {
        sid: expect.any(String),
        orderSid: bySeller.sid,
        accountSid: accountA.sid,
        orderNumber: bySeller.orderNumber,
        barcode: bySeller.barcode,
        action: 'deleted',
        actorUserSid: sellerA.user.sid,
        actorApiKeySid: null,
        at: expect.any(Date),
        details: { refund: null },
      },
    ]);
    expect(await eventActors(bySeller.sid)).toEqual([]);

    const byKey = await createOrder(t, keyA);
    expect((await t.call('DELETE', `/orders/${byKey.sid}`, { token: keyA })).statusCode).toBe(200);
    expect(await historyOf(byKey.sid)).toMatchObject([
      { action: 'deleted', actorUserSid: null, actorApiKeySid: keyASid },
    ]);
  });

  it('writes no history when the delete is refused', async () => {
    const order = await createOrder(t, sellerA.token);
    await setOrder(order.sid, { status: 1 });
    expect((await t.call('DELETE', `/orders/${order.sid}`, { token: admin })).statusCode).toBe(409);
    expect((await t.call('DELETE', `/orders/${order.sid}`, { token: sellerB.token })).statusCode).toBe(404);
    expect(await historyOf(order.sid)).toEqual([]);
  });

  it("answers not found for another account's order, and refuses operators", async () => {
    const order = await createOrder(t, sellerB.token);
    const other = await t.call('DELETE', `/orders/${order.sid}`, { token: sellerA.token });
    expect(other.statusCode).toBe(404);
    expect((await t.call('DELETE', `/orders/${order.sid}`, { token: operator.token })).statusCode).toBe(403);
    expect((await t.call('GET', `/orders/${order.sid}`, { token: admin })).statusCode).toBe(200);
  });

  it('deletes only Generated orders, and never Order Failed ones', async () => {
    const labels = {
      1: 'Scanned',
      2: 'Processing',
      3: 'Processed',
      4: 'Delivered',
      5: 'Failed',
      10: 'Order Failed',
    };
    for (const status of [1, 2, 3, 4, 5, 10] as const) {
      const order = await createOrder(t, sellerA.token);
      await setOrder(order.sid, { status });
      const response = await t.call('DELETE', `/orders/${order.sid}`, { token: admin });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        msg: `Order ${order.orderNumber} is ${labels[status]}: only orders in status Generated can be deleted.`,
        code: 'CONFLICT',
        // The status is a nested text, so the refusal names it in the reader's language.
        key: 'orders.notDeletable',
        params: { orderNumber: order.orderNumber, status: { key: `orders.status.${status}` } },
      });
    }
  });

  it('refunds what the order cost on credit, re-weighs included', async () => {
    const { account, token } = await freshSeller({ use_credit: true, credit_unit: 'USD', topup: 100 });
    const order = await createOrder(t, token);
    await t.call('PUT', `/orders/${order.sid}`, { token: admin, body: { weight: 900 } });
    expect(await balanceOf(t, admin, account.sid)).toBe(90);
    const kept = await createOrder(t, token);
    expect(await balanceOf(t, admin, account.sid)).toBe(82.5);

    expect((await t.call('DELETE', `/orders/${order.sid}`, { token })).statusCode).toBe(200);
    expect(await balanceOf(t, admin, account.sid)).toBe(92.5);
    const refund = await t.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.orderSid, order.sid), eq(creditLedger.kind, 'refund')));
    expect(refund).toHaveLength(1);
    expect(refund[0]).toMatchObject({ amount: '10.00', unit: 'USD' });
    expect(await ledgerSum(t, account.sid)).toBe(92.5);
    expect(kept.status).toBe(0);
    // The re-weigh's own history row stays beside the deletion's.
    const history = (await historyOf(order.sid)).sort((a, b) => a.at.getTime() - b.at.getTime());
    expect(history).toMatchObject([
      { action: 'reweighed', details: { old_weight: 400, new_weight: 900, difference: 2.5, unit: 'USD' } },
      { action: 'deleted', details: { refund: { amount: 10, unit: 'USD' } } },
    ]);
  });

  it('refunds nothing for an order that was never charged', async () => {
    const { account, token } = await freshSeller({ use_credit: false, topup: 50000 });
    const order = await createOrder(t, token);
    await t.call('PUT', `/accounts/${account.sid}`, { token: admin, body: { use_credit: true } });
    expect((await t.call('DELETE', `/orders/${order.sid}`, { token })).statusCode).toBe(200);
    expect(await balanceOf(t, admin, account.sid)).toBe(50000);
  });
});

describe('status changes', () => {
  it('write a tracking event with every change', async () => {
    const order = await createOrder(t, sellerA.token);
    await t.database.db.transaction(async (tx) => {
      await recordStatusChange(tx, order, 1, 'Received at SGN hub', 'Sai Gon', {
        by: SYSTEM,
        notify: t.app.services.hookEvents,
        path: 'scan',
        eventTime: new Date(Date.now() + 1000),
      });
    });
    await t.database.db.transaction(async (tx) => {
      await recordStatusChange(tx, { ...order, status: 1 }, 5, 'Failed', 'Sai Gon', {
        by: SYSTEM,
        notify: t.app.services.hookEvents,
        path: 'system',
        reason: 'Damaged',
        eventTime: new Date(Date.now() + 2000),
      });
    });
    const stored = (await t.call('GET', `/orders/${order.sid}`, { token: admin })).json();
    expect(stored).toMatchObject({ status: 5, reason: 'Damaged' });
    const events = (await t.call('GET', '/tracking', { query: { filter: order.barcode } })).json();
    expect(events.map((event: { description: string }) => event.description)).toEqual([
      'Order created',
      'Received at SGN hub',
      'Failed',
    ]);
    // Changes the system makes name no one.
    expect(await eventActors(order.sid)).toEqual([
      { status: 0, description: 'Order created', userSid: sellerA.user.sid, apiKeySid: null },
      { status: 1, description: 'Received at SGN hub', userSid: null, apiKeySid: null },
      { status: 5, description: 'Failed', userSid: null, apiKeySid: null },
    ]);
  });
});

describe('order counts (totals and statistic without counting every order)', () => {
  /** What order_counts holds for the account, and what counting its orders says: they must agree. */
  async function countsAndTruth(accountSid: string) {
    const key = (row: { day: string; status: number; missing: boolean; count: number }) =>
      `${row.day} ${row.status} ${row.missing} ${row.count}`;
    const kept = await t.database.db
      .select({
        day: orderCounts.day,
        status: orderCounts.status,
        missing: orderCounts.missingHsCode,
        count: orderCounts.count,
      })
      .from(orderCounts)
      .where(and(eq(orderCounts.accountSid, accountSid), sql`${orderCounts.count} <> 0`));
    const counted = await t.database.db
      .select({
        day: sql<string>`to_char((${orders.dateCreated} at time zone 'UTC')::date, 'YYYY-MM-DD')`,
        status: orders.status,
        missing: orders.missingHsCode,
        count: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(eq(orders.accountSid, accountSid))
      .groupBy(sql`1`, sql`2`, sql`3`);
    return { kept: kept.map(key).sort(), truth: counted.map(key).sort() };
  }

  const statistic = async (token: string, query: Record<string, string> = {}) => {
    const response = await t.call('GET', '/orders/statistic', { token, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { status: number; count: number }[];
  };

  it('follow every create, status change, re-dating, HS code and delete, in the same transaction', async () => {
    const { account, token } = await freshSeller();
    const code = await newHsCode();
    const complete = await createOrder(t, token, { items: [orderItem({ hs_code: code })] });
    const partial = await createOrder(t, token, { items: [orderItem({ hs_code: code }), orderItem()] });
    const doomed = await createOrder(t, token);
    expect(await statistic(token)).toEqual([{ status: 0, count: 3 }]);
    expect((await list(token, { filter_missing_hs_code: 'true' })).total).toBe(2);

    await t.database.db.transaction((tx) =>
      recordStatusChange(tx, complete, 1, 'Received at SGN hub', null, {
        by: SYSTEM,
        notify: t.app.services.hookEvents,
        path: 'scan',
      }),
    );
    await setOrder(partial.sid, { dateCreated: new Date('2026-01-10T23:59:59Z') });
    const missingItem = partial.items.find((item) => item.hs_code === null);
    const edited = await t.call('PUT', `/orders/items/${missingItem?.sid}`, {
      token: admin,
      body: { hs_code: code },
    });
    expect(edited.statusCode).toBe(200);
    expect((await t.call('DELETE', `/orders/${doomed.sid}`, { token })).statusCode).toBe(200);

    const { kept, truth } = await countsAndTruth(account.sid);
    expect(kept).toEqual(truth);
    expect(truth).toHaveLength(2);
    expect(await statistic(token)).toEqual([
      { status: 0, count: 1 },
      { status: 1, count: 1 },
    ]);
    expect(await statistic(token, { from_date: '2026-01-10', to_date: '2026-01-10' })).toEqual([
      { status: 0, count: 1 },
    ]);
    expect((await list(token, { filter_missing_hs_code: 'true' })).total).toBe(0);
    expect((await list(token, {})).total).toBe(2);
  });

  it('undo with a rolled-back transaction, and agree with counting for any range and filter', async () => {
    const { account, token } = await freshSeller({ use_credit: true, credit_unit: 'VND', topup: 180000 });
    const first = await createOrder(t, token);
    // Refused for want of credit: the rolled-back insert leaves the counts as they were.
    expect((await t.call('POST', '/orders', { token, body: orderBody() })).statusCode).toBe(422);
    await setOrder(first.sid, { dateCreated: new Date('2026-03-05T10:00:00Z') });
    const { kept, truth } = await countsAndTruth(account.sid);
    expect(kept).toEqual(truth);
    // The fixture's item has no HS code.
    expect(truth).toEqual(['2026-03-05 0 true 1']);

    // Whole days come from the counts; an instant inside a day is counted from the orders; both agree.
    const days = { from_date: '2026-03-05', to_date: '2026-03-05' };
    expect(await statistic(token, days)).toEqual([{ status: 0, count: 1 }]);
    expect(await statistic(token, { from_date: '2026-03-05T10:00:01Z' })).toEqual([]);
    expect(
      await statistic(token, { from_date: '2026-03-05T09:59:59Z', to_date: '2026-03-05T10:00:00Z' }),
    ).toEqual([{ status: 0, count: 1 }]);
    expect((await list(token, { ...days, status: '0' })).total).toBe(1);
    expect((await list(token, { ...days, status: '1' })).total).toBe(0);
    expect((await list(token, { ...days, filter: first.orderNumber })).total).toBe(1);
  });
});

describe('DELETE /accounts/{id}', () => {
  it('refuses to delete an account that has orders', async () => {
    const { account, token } = await freshSeller();
    const order = await createOrder(t, token);
    const response = await t.call('DELETE', `/accounts/${account.sid}`, { token: admin });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      msg: `The account ${account.name} has orders and cannot be deleted.`,
      code: 'IN_USE',
    });
    await t.call('DELETE', `/orders/${order.sid}`, { token });
    expect((await t.call('DELETE', `/accounts/${account.sid}`, { token: admin })).statusCode).toBe(200);
  });
});
