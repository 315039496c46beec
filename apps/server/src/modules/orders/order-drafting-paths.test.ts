/**
 * One drafting path (issue 28): an order placed through POST /orders, an import or a batch takes its SKU's
 * declared description, weight, size, HS code, declared value and origin the same way (order-drafts.ts
 * declaredOrderItem). Issue 28 found API orders without the declared description while batches had it.
 */
import type { Order, OrderItem } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import { createItemDeclaration, orderBody, orderItem } from '../../../test/order-fixtures.ts';
import { ORDER_SHEET_HEADERS, orderRow, orderSheet } from '../../../test/order-sheets.ts';
import { unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { multipart } from '../../../test/workbooks.ts';

const { t, admin, sellerA } = await openTestWorld({ orderAccounts: true, workers: true });
const HS = '691110';
expect(
  (await t.call('POST', '/hs_codes', { token: admin, body: { hs_code: HS, description: 'Porcelain' } }))
    .statusCode,
).toBe(201);

/** The measures and customs facts the SKU's declaration gives every order item that names the SKU. */
const DECLARED_CUPS = {
  itemWeight: 700,
  itemWidth: 20,
  itemHeight: 2,
  itemLength: 30,
  hs_code: HS,
  declaredValue: 12.5,
  originCountry: 'CN',
};

async function declare(): Promise<string> {
  const sku = unique('CUPS-');
  await createItemDeclaration(t, sellerA.token, {
    skuNumber: sku,
    name: 'Cups',
    refName: 'Coc',
    itemDescription: 'Ceramic tea cups',
    ...DECLARED_CUPS,
    can_combine: false,
  });
  return sku;
}

async function orderNamed(orderNumber: string): Promise<Order> {
  const list = await t.call('GET', '/orders', { token: sellerA.token, query: { filter: orderNumber } });
  const sid = list.json().data.find((row: Order) => row.orderNumber === orderNumber)?.sid;
  expect(sid, `order ${orderNumber}`).toBeTruthy();
  return (await t.call('GET', `/orders/${sid}`, { token: sellerA.token })).json();
}

/** An item as the three paths are compared: everything but its sid. */
const facts = ({ sid: _sid, ...item }: OrderItem) => item;

/** The same item placed by POST /orders, an import and a batch; the items as they were stored. */
async function placedThreeWays(item: Record<string, unknown>): Promise<Record<string, OrderItem>> {
  const prefix = unique('DRAFT-');
  const api = await t.call('POST', '/orders', {
    token: sellerA.token,
    body: orderBody({ orderNumber: `${prefix}A`, items: [orderItem(item)] }),
  });
  expect(api.statusCode, api.body).toBe(201);

  // A sheet leaves a value out with a blank cell (a blank measure is 0).
  const cells = Object.fromEntries(
    ORDER_SHEET_HEADERS.map((header) => [header, header in item ? (item[header] ?? '') : undefined]),
  );
  const row = (orderNumber: string) =>
    orderRow(
      orderNumber,
      Object.fromEntries(Object.entries(cells).filter(([, value]) => value !== undefined)) as Record<
        string,
        string | number
      >,
    );
  const imported = await t.call('POST', '/orders/import', {
    token: sellerA.token,
    body: multipart({}, { buffer: await orderSheet([row(`${prefix}I`)]) }),
  });
  expect(imported.statusCode, imported.body).toBe(200);

  const batch = await t.call('POST', '/batch_orders', {
    token: sellerA.token,
    body: multipart(
      { name: unique('Drafting ') },
      { buffer: await orderSheet([row(`${prefix}B`)]), name: 'orders.xlsx' },
    ),
  });
  expect(batch.statusCode, batch.body).toBe(201);
  await expect
    .poll(
      async () => (await t.call('GET', `/batch_orders/${batch.json().sid}`, { token: sellerA.token })).json(),
      { timeout: 30_000, interval: 100 },
    )
    .toMatchObject({ status: 'success' });

  const first = async (suffix: string) => (await orderNamed(`${prefix}${suffix}`)).items[0] as OrderItem;
  return { api: await first('A'), import: await first('I'), batch: await first('B') };
}

describe('one drafting path', () => {
  it("fills what an item leaves out from its SKU's declaration, the same for POST /orders, imports and batches", async () => {
    const sku = await declare();
    // The item gives its own weight and size, but no description, HS code, value or origin.
    const placed = await placedThreeWays({ skuNumber: sku, itemDescription: '', hs_code: '' });
    for (const item of Object.values(placed)) {
      expect(facts(item)).toEqual({
        skuNumber: sku,
        quantity: 1,
        itemDescription: 'Ceramic tea cups',
        itemWeight: 400,
        itemWidth: 10,
        itemHeight: 10,
        itemLength: 10,
        hs_code: HS,
        declaredValue: 12.5,
        originCountry: 'CN',
      });
    }
  });

  it('weighs an item that gives no measures by its declaration, and keeps what an item gives', async () => {
    const sku = await declare();
    const placed = await placedThreeWays({
      skuNumber: sku,
      itemDescription: 'Porcelain cups',
      itemWeight: 0,
      itemWidth: 0,
      itemHeight: 0,
      itemLength: 0,
    });
    const [api, ...others] = Object.values(placed).map(facts);
    expect(api).toEqual({
      skuNumber: sku,
      quantity: 1,
      itemDescription: 'Porcelain cups',
      ...DECLARED_CUPS,
    });
    for (const other of others) expect(other).toEqual(api);
  });
});
