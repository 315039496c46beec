/** The drafting rules on their own: no database, a context built by hand. */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ADDRESS } from '../../../test/order-fixtures.ts';
import {
  type DeclaredItem,
  type DraftContext,
  draftOrders,
  type OrderInput,
  quoteItems,
  skusToDeclare,
  skusToDeclareForOrder,
} from './order-drafts.ts';

const account = {
  sid: 'acc-1',
  name: 'Shop A',
  useCredit: true,
  creditUnit: 'VND' as const,
  address: ACCOUNT_ADDRESS,
};

const PRICE_ROWS = [
  { weight: 500, vnd: 180000, usd: 7.5 },
  { weight: 1000, vnd: 250000, usd: 10 },
  { weight: 2000, vnd: 400000, usd: 16 },
];

const TEE: DeclaredItem = {
  hsCode: '6109.10',
  itemDescription: 'Cotton T-shirt',
  itemWeight: 700,
  itemWidth: 20,
  itemHeight: 2,
  itemLength: 30,
  declaredValue: 8.5,
  originCountry: 'CN',
};

/** A stand-in for the server's ZIP data set. */
const ZIP_STATES: Record<string, string> = { '98101': 'WA', '90001': 'CA' };

function context(overrides: Partial<DraftContext> = {}): DraftContext {
  return {
    account,
    priceRows: PRICE_ROWS,
    declarations: new Map([['TEE', TEE]]),
    knownHsCodes: new Set(['6109.10', '4202.92']),
    zipStateOf: (zip5) => ZIP_STATES[zip5],
    ...overrides,
  };
}

type Item = OrderInput['items'][number];
const item = (overrides: Partial<Item> = {}): Item => ({
  skuNumber: 'MUG',
  quantity: 1,
  itemDescription: 'Mug',
  itemWeight: 400,
  itemWidth: 10,
  itemHeight: 10,
  itemLength: 10,
  hs_code: undefined,
  ...overrides,
});

const input = (overrides: Partial<OrderInput> = {}): OrderInput => ({
  orderNumber: 'ORD-1',
  name: 'Nguyen Van A',
  phone: undefined,
  address1: '400 Pine St',
  address2: undefined,
  city: 'Seattle',
  state: 'WA',
  country: 'US',
  postalCode: '98101',
  sellerInformation: undefined,
  items: [item()],
  ...overrides,
});

function draftOf(order: OrderInput, ctx = context()) {
  const [result] = draftOrders([order], ctx);
  if (!result?.ok) throw new Error(`not drafted: ${JSON.stringify(result)}`);
  return result.draft;
}

describe('draftOrders', () => {
  it('prices the chargeable weight and fills the row values, items and first event', () => {
    const draft = draftOf(
      input({
        phone: '+84 90',
        items: [
          item({ quantity: 2, itemWeight: 150, itemWidth: 15, itemHeight: 5, itemLength: 10 }),
          item({ skuNumber: 'B', itemWeight: 100, itemWidth: 10, itemHeight: 5, itemLength: 20 }),
        ],
      }),
    );
    // Actual 400 g; volumetric 15 x (2 x 5 + 5) x 20 / 5 = 900 g, priced by the 1 kg row.
    expect(draft).toMatchObject({
      index: 0,
      orderNumber: 'ORD-1',
      accountSid: 'acc-1',
      useCredit: true,
      eventLocation: 'Ho Chi Minh City',
      weight: 900,
      vnd: 250000,
      usd: 10,
    });
    expect(draft.order).toEqual({
      orderNumber: 'ORD-1',
      accountSid: 'acc-1',
      status: 0,
      name: 'Nguyen Van A',
      phone: '+84 90',
      address1: '400 Pine St',
      address2: null,
      city: 'Seattle',
      state: 'WA',
      country: 'US',
      postalCode: '98101',
      weight: 900,
      width: '15',
      length: '20',
      height: '15',
      vnd: '250000.00',
      usd: '10.00',
      sellerInformation: null,
      missingHsCode: true,
    });
    expect(draft.items.map((row) => [row.position, row.skuNumber, row.itemWeight, row.hsCode])).toEqual([
      [0, 'MUG', '150', null],
      [1, 'B', '100', null],
    ]);
  });

  it('takes HS codes from the item, else from the declaration of its SKU', () => {
    const draft = draftOf(
      input({
        items: [item({ skuNumber: 'TEE' }), item({ skuNumber: 'TEE', hs_code: '4202.92' }), item()],
      }),
    );
    expect(draft.items.map((row) => row.hsCode)).toEqual(['6109.10', '4202.92', null]);
    expect(draft.order.missingHsCode).toBe(true);
    const complete = draftOf(input({ items: [item({ skuNumber: 'TEE' })] }));
    expect(complete.order.missingHsCode).toBe(false);
  });

  it('takes the declared value and origin from the item, else from its SKU, else none and VN', () => {
    const draft = draftOf(
      input({
        items: [
          item({ skuNumber: 'TEE' }),
          item({ skuNumber: 'TEE', declaredValue: 12.3, originCountry: 'TH' }),
          item({ skuNumber: 'TEE', declaredValue: 4 }),
          item(),
          item({ declaredValue: 0.29, originCountry: 'US' }),
        ],
      }),
    );
    expect(draft.items.map((row) => [row.declaredValue, row.originCountry])).toEqual([
      ['8.50', 'CN'],
      ['12.30', 'TH'],
      ['4.00', 'CN'],
      [null, 'VN'],
      ['0.29', 'US'],
    ]);
  });

  it("weighs an item that gives no weight or dimensions by its SKU's declaration", () => {
    const bare = { itemWeight: 0, itemWidth: 0, itemHeight: 0, itemLength: 0 };
    const draft = draftOf(
      input({ items: [item({ skuNumber: 'TEE', itemDescription: null, quantity: 2, ...bare })] }),
    );
    // 2 x 700 g = 1,400 g actual; volumetric 20 x (2 x 2) x 30 / 5 = 480 g.
    expect(draft).toMatchObject({ weight: 1400, vnd: 400000, usd: 16 });
    expect(draft.items[0]).toMatchObject({
      itemDescription: 'Cotton T-shirt',
      itemWeight: '700',
      itemWidth: '20',
      itemHeight: '2',
      itemLength: '30',
      hsCode: '6109.10',
    });
    expect(draft.order).toMatchObject({ width: '20', length: '30', height: '4' });

    // The item's own description stays.
    const described = draftOf(
      input({ items: [item({ skuNumber: 'TEE', itemDescription: 'Gift', ...bare })] }),
    );
    expect(described.items[0]?.itemDescription).toBe('Gift');
  });

  it('keeps what an item gives, even a weight alone', () => {
    const own = draftOf(
      input({
        items: [item({ skuNumber: 'TEE', itemWeight: 100, itemWidth: 0, itemHeight: 0, itemLength: 0 })],
      }),
    );
    expect(own).toMatchObject({ weight: 100, vnd: 180000 });
    expect(own.items[0]).toMatchObject({ itemWeight: '100', itemWidth: '0', itemDescription: 'Mug' });

    const sized = draftOf(
      input({
        items: [item({ skuNumber: 'TEE', itemWeight: 0, itemWidth: 1, itemHeight: 1, itemLength: 5 })],
      }),
    );
    expect(sized.weight).toBe(1);
  });

  it('refuses an order whose chargeable weight is 0: nothing weighed, nothing declared, or grams rounding to 0', () => {
    const bare = { itemWeight: 0, itemWidth: 0, itemHeight: 0, itemLength: 0 };
    const zero = {
      ok: false,
      problems: [
        {
          message:
            'The chargeable weight is 0 g: give each item its weight or measures (or declare its SKU with them), so the order can be priced.',
          text: { key: 'orderWeight.zero' },
        },
      ],
    };
    // An undeclared SKU (TEE is declared; MUG is not).
    expect(draftOrders([input({ items: [item(bare)] })], context())[0]).toMatchObject(zero);
    expect(
      draftOrders([input({ items: [item({ ...bare, itemWeight: 0.0001 })] })], context())[0],
    ).toMatchObject(zero);
    // A declaration that itself weighs nothing.
    const empty = { ...TEE, itemWeight: 0, itemWidth: 0, itemHeight: 0, itemLength: 0 };
    expect(
      draftOrders(
        [input({ items: [item({ skuNumber: 'TEE', ...bare })] })],
        context({ declarations: new Map([['TEE', empty]]) }),
      )[0],
    ).toMatchObject(zero);
    expect(quoteItems([{ quantity: 1, ...bare }], context())).toMatchObject({
      text: { key: 'orderWeight.zero' },
    });
  });

  it("refuses a ZIP code of another state, or one that doesn't exist, on the ZIP code's field", () => {
    const [other] = draftOrders([input({ state: 'WA', postalCode: '90001' })], context());
    expect(other).toMatchObject({
      ok: false,
      problems: [
        {
          path: 'postalCode',
          message: '90001 is in CA, not WA',
          text: { key: 'addresses.zip.otherState', params: { zip: '90001', zipState: 'CA', state: 'WA' } },
        },
      ],
    });
    const [unknown] = draftOrders([input({ postalCode: '99999-1234' })], context());
    expect(unknown).toMatchObject({
      ok: false,
      problems: [{ path: 'postalCode', message: '99999 is not a known US ZIP code: check the address' }],
    });
    expect(draftOrders([input({ postalCode: '98101-1234' })], context())[0]?.ok).toBe(true);
  });

  it("gives every problem of each order, in POST /orders' words, and drafts the others", () => {
    const results = draftOrders(
      [
        input({ orderNumber: 'OK' }),
        input({ orderNumber: 'HEAVY', items: [item({ itemWeight: 2001 }), item({ hs_code: 'NOPE' })] }),
        input({ orderNumber: 'CODES', items: [item({ hs_code: 'X.1' }), item(), item({ hs_code: 'X.2' })] }),
      ],
      context(),
    );
    expect(results.map((result) => [result.index, result.ok])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
    expect(results[1]).toEqual({
      ok: false,
      index: 1,
      problems: [
        {
          message: 'The chargeable weight 2,401 g is over the largest weight of the price table (2,000 g).',
          text: { key: 'orders.priceOverLargest', params: { weight: '2,401', largest: '2,000' } },
        },
        {
          path: 'items.1.hs_code',
          message: 'The HS code NOPE is not in the HS code table.',
          text: { key: 'orders.hsCodeUnknown', params: { code: 'NOPE' } },
        },
      ],
    });
    expect(results[2]).toMatchObject({
      problems: [
        { path: 'items.0.hs_code', message: 'The HS code X.1 is not in the HS code table.' },
        { path: 'items.2.hs_code', message: 'The HS code X.2 is not in the HS code table.' },
      ],
    });
  });

  it('refuses every order of an account without a price table, and a weight no row can hold', () => {
    const [none] = draftOrders([input()], context({ priceRows: null }));
    expect(none).toMatchObject({
      ok: false,
      problems: [{ message: 'The account Shop A has no price table.' }],
    });
    const [huge] = draftOrders(
      [input({ items: [item({ quantity: 100_000, itemWeight: 1_000_000 })] })],
      context(),
    );
    expect(huge).toMatchObject({
      ok: false,
      problems: [{ message: 'The chargeable weight 100,000,000,000 g is too large.' }],
    });
  });
});

describe('quoteItems', () => {
  it('weighs and prices as a draft does, declarations included', () => {
    expect(
      quoteItems([{ quantity: 1, itemWeight: 300, itemWidth: 0, itemHeight: 0, itemLength: 0 }], context()),
    ).toEqual({ weight: 300, vnd: 180000, usd: 7.5 });
    expect(
      quoteItems(
        [{ skuNumber: 'TEE', quantity: 1, itemWeight: 0, itemWidth: 0, itemHeight: 0, itemLength: 0 }],
        context(),
      ),
    ).toEqual({ weight: 700, vnd: 250000, usd: 10 });
    expect(
      quoteItems([{ quantity: 1, itemWeight: 1, itemWidth: 0, itemHeight: 0, itemLength: 0 }], {
        ...context(),
        priceRows: null,
      }),
    ).toEqual({
      message: 'The account Shop A has no price table.',
      text: { key: 'orders.noPriceTable', params: { name: 'Shop A' } },
    });
  });
});

describe('skusToDeclare', () => {
  it('asks only for SKUs whose HS code or measures an item leaves to its declaration', () => {
    expect(
      skusToDeclare([
        item({ skuNumber: 'A' }),
        item({ skuNumber: 'B', hs_code: '6109.10' }),
        item({
          skuNumber: 'C',
          hs_code: '6109.10',
          itemWeight: 0,
          itemWidth: 0,
          itemHeight: 0,
          itemLength: 0,
        }),
      ]),
    ).toEqual(['A', 'C']);
  });
});

describe('skusToDeclareForOrder', () => {
  it("also asks for SKUs whose declared value or origin an order's item leaves to its declaration", () => {
    const given = { hs_code: '6109.10', declaredValue: 5, originCountry: 'VN' };
    expect(
      skusToDeclareForOrder([
        item({ skuNumber: 'A', ...given }),
        item({ skuNumber: 'B', ...given, declaredValue: null }),
        item({ skuNumber: 'C', ...given, originCountry: undefined }),
        item({ skuNumber: 'D', ...given, hs_code: undefined }),
      ]),
    ).toEqual(['B', 'C', 'D']);
  });
});
