import type { Order } from '@parcelops/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ADDRESS,
  balanceOf,
  createHsCode,
  createOrderAccount,
  createSellerAccount,
  ledgerSum,
  onCredit,
} from '../../../test/order-fixtures.ts';
import { ORDER_SHEET_HEADERS, orderRow } from '../../../test/order-sheets.ts';
import { unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { emptyWorkbook, multipart, readXlsx, xlsx } from '../../../test/workbooks.ts';
import { orders, trackingEvents } from '../orders/orders.table.ts';
import { IMPORT_STEPS } from './imports.service.ts';

const { t, admin, operator, accountA, accountB, sellerA, keyA, keyASid } = await openTestWorld({
  orderAccounts: true,
});

const NOT_XLSX = 'The file is not an Excel workbook (.xlsx). Please upload the provided template.';
const HEADERS = ORDER_SHEET_HEADERS;
const row = orderRow;

function upload(token: string, file: Buffer, accountSid?: string) {
  return t.call('POST', '/orders/import', {
    token,
    body: multipart(accountSid ? { account_sid: accountSid } : {}, { buffer: file }),
  });
}

const importRows = async (token: string, rows: (string | number)[][], accountSid?: string) =>
  upload(token, await xlsx([HEADERS, ...rows]), accountSid);

async function ordersNamed(accountSid: string, prefix: string) {
  const rows = await t.database.db.select().from(orders).where(eq(orders.accountSid, accountSid));
  return rows.filter((order) => order.orderNumber.startsWith(prefix));
}

async function orderBySid(sid: string): Promise<Order> {
  const response = await t.call('GET', `/orders/${sid}`, { token: admin });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const newHsCode = () => createHsCode(t, admin);

/** Declares the seller's SKU as a T-shirt (no combining), with the measures and customs facts given. */
async function declareTee(seller: string, sku: string, facts: Record<string, unknown>): Promise<void> {
  const declared = await t.call('POST', '/item_declarations', {
    token: seller,
    body: {
      skuNumber: sku,
      name: 'Tee',
      refName: 'Ao',
      itemDescription: 'T-shirt',
      can_combine: false,
      ...facts,
    },
  });
  expect(declared.statusCode, declared.body).toBe(201);
}

describe('POST /orders/import', () => {
  it("names the importer on each order's first event: the person, or the API key", async () => {
    for (const [token, userSid, apiKeySid] of [
      [sellerA.token, sellerA.user.sid, null],
      [keyA, null, keyASid],
    ] as const) {
      const prefix = unique('WHO-');
      const response = await importRows(token, [row(`${prefix}1`), row(`${prefix}2`)]);
      expect(response.statusCode, response.body).toBe(200);
      const sids = (await ordersNamed(accountA.sid, prefix)).map((order) => order.sid);
      const events = await t.database.db
        .select()
        .from(trackingEvents)
        .where(inArray(trackingEvents.orderSid, sids));
      expect(events).toHaveLength(2);
      for (const event of events)
        expect(event).toMatchObject({ status: 0, actorUserSid: userSid, actorApiKeySid: apiKeySid });
    }
  });

  it('places good orders priced and charged, with declared HS codes, items grouped and a first event', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit(1_000_000));
    const hs = await newHsCode();
    const sku = unique('DECL-');
    await declareTee(seller, sku, {
      hs_code: hs,
      itemWeight: 300,
      itemWidth: 10,
      itemHeight: 2,
      itemLength: 10,
    });
    const prefix = unique('IMP-');
    const response = await importRows(seller, [
      row(`${prefix}1`, { skuNumber: sku, itemWeight: '', itemWidth: '', itemHeight: '', itemLength: '' }),
      row(`${prefix}2`, { quantity: 1, itemWeight: 300 }),
      // Two rows sharing an order number are one order of two items; the second may leave the customer blank.
      row(`${prefix}2`, {
        name: '',
        address1: '',
        city: '',
        state: '',
        country: '',
        postalCode: '',
        skuNumber: 'SKU-2',
        itemWeight: 400,
      }),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ failedOrders: [], imported: 2 });

    const stored = await ordersNamed(account.sid, prefix);
    expect(stored).toHaveLength(2);
    const first = await orderBySid(stored.find((order) => order.orderNumber === `${prefix}1`)?.sid as string);
    expect(first.items).toEqual([expect.objectContaining({ skuNumber: sku, hs_code: hs, itemWeight: 300 })]);
    expect(first).toMatchObject({ vnd: 180000, status: 0 });
    const second = await orderBySid(
      stored.find((order) => order.orderNumber === `${prefix}2`)?.sid as string,
    );
    expect(second.items.map((item) => item.skuNumber)).toEqual(['SKU-1', 'SKU-2']);
    // 300 g + 400 g: the second price row.
    expect(second).toMatchObject({ weight: 700, vnd: 250000, city: 'Seattle' });
    expect(await balanceOf(t, admin, account.sid)).toBe(1_000_000 - 180_000 - 250_000);
    expect(await ledgerSum(t, account.sid)).toBe(1_000_000 - 180_000 - 250_000);

    const events = await t.call('GET', '/tracking', { query: { filter: first.barcode } });
    expect(events.json()).toMatchObject([
      { description: 'Order created', location: ACCOUNT_ADDRESS.city, eventTime: expect.any(String) },
    ]);
  });

  it('lands the good orders and reports each bad one with its row and column', async () => {
    const prefix = unique('BAD-');
    const taken = `${prefix}taken`;
    expect((await importRows(sellerA.token, [row(taken)])).json().imported).toBe(1);
    const response = await importRows(sellerA.token, [
      row(`${prefix}ok1`),
      row(`${prefix}city`, { city: '' }),
      row(`${prefix}multi`),
      row(`${prefix}multi`, { quantity: 'two', skuNumber: 'SKU-2' }),
      row(`${prefix}ok2`),
      row(`${prefix}heavy`, { itemWeight: 50_000 }),
      row(`${prefix}hs`, { hs_code: 'NOPE-1' }),
      row(taken),
      row('', {}),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.imported).toBe(2);
    expect(body.failedOrders).toMatchObject([
      { orderNumber: `${prefix}city`, msg: 'Row 3, column city: City is required' },
      { orderNumber: `${prefix}multi`, msg: 'Row 5, column quantity: Quantity must be a number' },
      { orderNumber: `${prefix}heavy`, msg: expect.stringMatching(/^Row 7: /) },
      {
        orderNumber: `${prefix}hs`,
        msg: 'Row 8, column hs_code: The HS code NOPE-1 is not in the HS code table.',
      },
      {
        orderNumber: taken,
        msg: `Row 9, column orderNumber: Order number ${taken} already exists in this account.`,
      },
      { orderNumber: '', msg: 'Row 10, column orderNumber: Order number is required' },
    ]);
    const stored = await ordersNamed(accountA.sid, prefix);
    expect(stored.map((order) => order.orderNumber).sort()).toEqual(
      [`${prefix}ok1`, `${prefix}ok2`, taken].sort(),
    );
  });

  it("reads the declared value and origin columns, a blank cell taking the SKU's declaration", async () => {
    const { account, seller } = await createSellerAccount(t, admin);
    const sku = unique('CUST-');
    await declareTee(seller, sku, {
      itemWeight: 100,
      itemWidth: 1,
      itemHeight: 1,
      itemLength: 1,
      declaredValue: 9.99,
      originCountry: 'KH',
    });
    const prefix = unique('CV-');
    const response = await upload(
      seller,
      await xlsx([
        [...HEADERS, 'Declared Value', 'Origin Country'],
        [...row(`${prefix}1`, { skuNumber: sku, itemWeight: 100 }), 12.5, 'cn'],
        [...row(`${prefix}1`, { skuNumber: sku, itemWeight: 100 }), '', ''],
        [...row(`${prefix}1`, { itemWeight: 100 }), '4', ''],
        [...row(`${prefix}2`, { itemWeight: 100 }), '', 'US'],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ failedOrders: [], imported: 2 });
    const itemsOf = async (number: string) => {
      const [stored] = (await ordersNamed(account.sid, prefix)).filter(
        (order) => order.orderNumber === number,
      );
      return (await orderBySid(stored?.sid as string)).items.map((item) => [
        item.skuNumber,
        item.declaredValue,
        item.originCountry,
      ]);
    };
    expect(await itemsOf(`${prefix}1`)).toEqual([
      [sku, 12.5, 'CN'],
      [sku, 9.99, 'KH'],
      ['SKU-1', 4, 'VN'],
    ]);
    expect(await itemsOf(`${prefix}2`)).toEqual([['SKU-1', null, 'US']]);

    // A file from before the two columns still imports: the declaration's, else no value and VN.
    const older = await importRows(seller, [
      row(`${prefix}3`, { skuNumber: sku, itemWeight: 100 }),
      row(`${prefix}3`, { itemWeight: 100 }),
    ]);
    expect(older.json()).toMatchObject({ failedOrders: [], imported: 1 });
    expect(await itemsOf(`${prefix}3`)).toEqual([
      [sku, 9.99, 'KH'],
      ['SKU-1', null, 'VN'],
    ]);
  });

  it('reports a bad declared value or origin by its row and the column as the file names it', async () => {
    const prefix = unique('BADC-');
    const response = await upload(
      sellerA.token,
      await xlsx([
        [...HEADERS, 'Value (USD)', 'Country of Origin'],
        [...row(`${prefix}ok`), 5, 'VN'],
        [...row(`${prefix}zero`), 0, ''],
        [...row(`${prefix}cents`), 1.234, ''],
        [...row(`${prefix}text`), 'cheap', ''],
        [...row(`${prefix}origin`), '', 'XX'],
        [...row(`${prefix}long`), '', 'Vietnam'],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      imported: 1,
      failedOrders: [
        {
          orderNumber: `${prefix}zero`,
          msg: 'Row 3, column Value (USD): Declared value must be more than 0',
        },
        {
          orderNumber: `${prefix}cents`,
          msg: 'Row 4, column Value (USD): Declared value may have at most 2 decimals',
        },
        { orderNumber: `${prefix}text`, msg: 'Row 5, column Value (USD): Declared value must be a number' },
        {
          orderNumber: `${prefix}origin`,
          msg: 'Row 6, column Country of Origin: Origin country XX is not an ISO 3166 country code',
        },
        {
          orderNumber: `${prefix}long`,
          msg: 'Row 7, column Country of Origin: Origin country must be a two-letter ISO 3166 code, such as VN',
        },
      ],
    });
    expect((await ordersNamed(accountA.sid, prefix)).map((order) => order.orderNumber)).toEqual([
      `${prefix}ok`,
    ]);
  });

  it('reports an order whose later row contradicts its first, and imports none of it', async () => {
    const prefix = unique('CONF-');
    const response = await importRows(sellerA.token, [
      row(`${prefix}1`),
      row(`${prefix}1`, { city: 'Portland' }),
    ]);
    expect(response.json()).toMatchObject({
      failedOrders: [
        {
          orderNumber: `${prefix}1`,
          msg: 'Row 3, column city: differs from row 2 of the same order (Seattle)',
        },
      ],
      imported: 0,
    });
    expect(await ordersNamed(accountA.sid, prefix)).toEqual([]);
  });

  it('places orders until the credit runs out and reports the rest with balance and cost', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit(400_000));
    const prefix = unique('CR-');
    const response = await importRows(seller, [row(`${prefix}1`), row(`${prefix}2`), row(`${prefix}3`)]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      imported: 2,
      failedOrders: [
        {
          orderNumber: `${prefix}3`,
          msg: 'Row 4: The credit balance (40,000 VND) cannot cover this order (180,000 VND).',
        },
      ],
    });
    expect((await ordersNamed(account.sid, prefix)).map((order) => order.orderNumber).sort()).toEqual([
      `${prefix}1`,
      `${prefix}2`,
    ]);
    expect(await balanceOf(t, admin, account.sid)).toBe(40_000);
    expect(await ledgerSum(t, account.sid)).toBe(40_000);
  });

  it('imports for the account user and API key, and refuses another account (403)', async () => {
    const prefix = unique('OWN-');
    expect((await importRows(sellerA.token, [row(`${prefix}s`)])).json().imported).toBe(1);
    expect((await importRows(keyA, [row(`${prefix}k`)])).json().imported).toBe(1);
    expect(await ordersNamed(accountA.sid, prefix)).toHaveLength(2);
    for (const token of [sellerA.token, keyA]) {
      const other = await importRows(token, [row(`${prefix}x`)], accountB.sid);
      expect(other.statusCode).toBe(403);
    }
    expect(await ordersNamed(accountB.sid, prefix)).toEqual([]);
  });

  it('lets an operator import for a chosen account, and asks for one when none is given', async () => {
    const prefix = unique('OP-');
    const response = await importRows(operator.token, [row(`${prefix}1`)], accountB.sid);
    expect(response.json()).toMatchObject({ failedOrders: [], imported: 1 });
    expect(await ordersNamed(accountB.sid, prefix)).toHaveLength(1);
    const missing = await importRows(operator.token, [row(`${prefix}2`)]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toMatchObject([
      { path: 'account_sid', message: 'Please choose an account.' },
    ]);
    const unknown = await importRows(operator.token, [row(`${prefix}3`)], 'no-such-account');
    expect(unknown.statusCode).toBe(404);
  });

  describe('upload guards', () => {
    it('refuses a file that is not an xlsx', async () => {
      const response = await upload(sellerA.token, Buffer.from('%PDF-1.4\n%%EOF\n'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ msg: NOT_XLSX, code: 'VALIDATION_FAILED' });
    });

    it('refuses an empty workbook, a sheet without the columns, and no file', async () => {
      expect((await upload(sellerA.token, await emptyWorkbook())).statusCode).toBe(400);
      const columns = await upload(
        sellerA.token,
        await xlsx([
          ['orderNumber', 'city'],
          ['A-1', 'Seattle'],
        ]),
      );
      expect(columns.statusCode).toBe(400);
      expect(columns.json().msg).toMatch(/^The sheet has no column name, address1/);
      const none = await t.call('POST', '/orders/import', { token: sellerA.token, body: multipart({}) });
      expect(none.statusCode).toBe(400);
      expect(none.json().details).toMatchObject([{ path: 'file', message: 'Please choose an Excel file.' }]);
    });

    it('refuses a sheet over the row limit, importing nothing', async () => {
      const prefix = unique('MANY-');
      const rows = Array.from({ length: 100_001 }, (_, index) => [`${prefix}${index}`]);
      const response = await upload(sellerA.token, await xlsx([['orderNumber'], ...rows]));
      expect(response.statusCode).toBe(400);
      expect(await ordersNamed(accountA.sid, prefix)).toEqual([]);
    }, 60_000);
  });
});

describe('GET /orders/import/template', () => {
  it('is an xlsx of one order with two items, which imports as is', async () => {
    const response = await t.call('GET', '/orders/import/template', { token: sellerA.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="orders_import_template.xlsx"',
    );
    const rows = await readXlsx(response.rawPayload);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.[0]).toBe('orderNumber');
    expect(rows[1]?.[0]).toBe(rows[2]?.[0]);
    // The customs columns come last, optional, with an example value and origin on each item.
    expect(rows[0]?.slice(-2)).toEqual(['declaredValue', 'originCountry']);
    const uploaded = await upload(sellerA.token, response.rawPayload);
    expect(uploaded.json()).toMatchObject({ failedOrders: [], imported: 1 });
    const [placed] = await ordersNamed(accountA.sid, String(rows[1]?.[0]));
    expect(
      (await orderBySid(placed?.sid as string)).items.map((item) => [item.declaredValue, item.originCountry]),
    ).toEqual([
      [8.5, 'VN'],
      [6, 'VN'],
    ]);
  });
});

describe('imports in chunks (issue 17)', () => {
  /** Runs `work` with every chunk of `size` orders, and puts the sizes back. */
  async function withChunks(size: number, work: () => Promise<void>) {
    const saved = { serverChunk: IMPORT_STEPS.serverChunk, embeddedChunk: IMPORT_STEPS.embeddedChunk };
    IMPORT_STEPS.serverChunk = size;
    IMPORT_STEPS.embeddedChunk = { first: size, min: size, max: size, targetMs: 40 };
    try {
      await work();
    } finally {
      Object.assign(IMPORT_STEPS, saved);
    }
  }

  it.each([1, 100])(
    'places a prefix of the charged orders when the credit runs out, %i order(s) a chunk',
    async (size) => {
      await withChunks(size, async () => {
        const { account, seller } = await createSellerAccount(t, admin, onCredit(500_000));
        const prefix = unique('PRE-');
        // 180,000, then 400,000 (1.5 kg) which does not fit, then 180,000 which would, but comes after.
        const response = await importRows(seller, [
          row(`${prefix}1`),
          row(`${prefix}2`, { itemWeight: 1500 }),
          row(`${prefix}3`),
        ]);
        expect(response.json()).toMatchObject({
          imported: 1,
          failedOrders: [
            {
              orderNumber: `${prefix}2`,
              msg: 'Row 3: The credit balance (320,000 VND) cannot cover this order (400,000 VND).',
            },
            {
              orderNumber: `${prefix}3`,
              msg: 'Row 4: The credit balance (320,000 VND) cannot cover this order (180,000 VND).',
            },
          ],
        });
        expect(await balanceOf(t, admin, account.sid)).toBe(320_000);
        expect(await ledgerSum(t, account.sid)).toBe(320_000);
      });
    },
  );

  it('places each order once when two imports of the same orders run at once, reporting the rest by row', async () => {
    await withChunks(5, async () => {
      const { account, seller } = await createSellerAccount(t, admin);
      const prefix = unique('TWICE-');
      const file = await xlsx([
        HEADERS,
        ...Array.from({ length: 30 }, (_, index) => row(`${prefix}${index}`)),
      ]);
      const [first, second] = await Promise.all([upload(seller, file), upload(seller, file)]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      const results = [first.json(), second.json()];
      expect(results[0].imported + results[1].imported).toBe(30);
      for (const result of results) {
        expect(result.failedOrders).toHaveLength(30 - result.imported);
        for (const failure of result.failedOrders)
          expect(failure.msg).toMatch(
            new RegExp(`^Row \\d+, column orderNumber: Order number ${failure.orderNumber} already exists`),
          );
      }
      expect(await ordersNamed(account.sid, prefix)).toHaveLength(30);
    });
  });

  it('answers 404 or places the orders, never 500, when the account is deleted during the import', async () => {
    for (const delayMs of [0, 10, 25, 50, 100]) {
      // No credit: the import writes no ledger row, whose lock used to be the only check the account was there.
      const account = await createOrderAccount(t, admin);
      const prefix = unique('GONE-');
      const file = await xlsx([
        HEADERS,
        ...Array.from({ length: 5 }, (_, index) => row(`${prefix}${index}`)),
      ]);
      const [imported, deleted] = await Promise.all([
        upload(admin, file, account.sid),
        new Promise((resolve) => setTimeout(resolve, delayMs)).then(() =>
          t.call('DELETE', `/accounts/${account.sid}`, { token: admin }),
        ),
      ]);
      expect([200, 404], imported.body).toContain(imported.statusCode);
      expect([200, 409], deleted.body).toContain(deleted.statusCode);
      if (imported.statusCode === 404)
        expect(imported.json()).toMatchObject({ msg: 'Account not found.', code: 'NOT_FOUND' });
      if (deleted.statusCode === 200) {
        expect(imported.statusCode === 404 || imported.json().imported === 0).toBe(true);
      } else {
        expect(imported.json().imported).toBe(5);
        expect(await ordersNamed(account.sid, prefix)).toHaveLength(5);
      }
    }
  });

  it('answers other calls while a large import runs, before it ends', async () => {
    await withChunks(10, async () => {
      const { account, seller } = await createSellerAccount(t, admin);
      const prefix = unique('BIG-');
      const count = 400;
      const file = await xlsx([
        HEADERS,
        ...Array.from({ length: count }, (_, index) => row(`${prefix}${index}`)),
      ]);
      let finished = false;
      const importing = upload(seller, file).then((response) => {
        finished = true;
        return response;
      });
      // Once the first chunk is in, the calls go while the other 39 are still to come.
      await expect
        .poll(async () => (await ordersNamed(account.sid, prefix)).length, { timeout: 20_000, interval: 5 })
        .toBeGreaterThan(0);
      const [health, list] = await Promise.all([
        t.call('GET', '/health'),
        t.call('GET', '/orders', { token: seller, query: { page_size: '25' } }),
      ]);
      expect(health.statusCode).toBe(200);
      expect(list.statusCode).toBe(200);
      expect(finished).toBe(false);
      const result = await importing;
      expect(result.json()).toMatchObject({ imported: count, failedOrders: [] });
    });
  });
});
