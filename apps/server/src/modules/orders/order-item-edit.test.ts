/**
 * PUT /orders/items/{id} (issue 28): staff correct a placed order's item until its manifest is submitted. Each
 * change is in the order's history with who and the old and new values; a new chargeable weight re-prices the
 * order through the one re-weigh (credit settled); two editors of the same items: the second is told.
 */
import { type Ams, type Order, OrderStatus } from '@parcelops/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { amsOrderBody, createTestAms } from '../../../test/ams-fixtures.ts';
import {
  balanceOf,
  createOrder,
  createSellerAccount,
  historyOf,
  ledgerSum,
  onCredit,
  orderItem,
} from '../../../test/order-fixtures.ts';
import { ADMIN_USERNAME } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { orders } from './orders.table.ts';

const { t, admin, operator, sellerA, keyA } = await openTestWorld({ orderAccounts: true, workers: true });
const HS = '691200';
expect(
  (await t.call('POST', '/hs_codes', { token: admin, body: { hs_code: HS, description: 'Tableware' } }))
    .statusCode,
).toBe(201);

const editItem = (itemSid: string, body: Record<string, unknown>, token = admin) =>
  t.call('PUT', `/orders/items/${itemSid}`, { token, body });

const createAms = () => createTestAms(t, admin, { namePrefix: 'Items ' });

async function loadInto(manifest: Ams, order: Order): Promise<void> {
  const response = await t.call('POST', '/ams/order', {
    token: operator.token,
    body: amsOrderBody(manifest, order.barcode),
  });
  expect(response.statusCode, response.body).toBe(200);
}

const problemsOf = async (amsSid: string) => {
  const response = await t.call('GET', `/ams/${amsSid}/reconciliation`, { token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().problems as { order_sid: string; key: string }[]).map((problem) => problem.key);
};

const fileable = (overrides: Record<string, unknown> = {}) => ({
  items: [orderItem({ hs_code: HS, itemDescription: 'Gift', ...overrides })],
});

describe('PUT /orders/items/{id}', () => {
  it("lets an admin correct every field, recording who and each field's old and new value", async () => {
    const order = await createOrder(t, sellerA.token, fileable());
    const item = order.items[0]?.sid as string;
    expect(order.items_version).toBe(0);
    const response = await editItem(item, {
      itemDescription: '  Ceramic tea cups ',
      declaredValue: 12.5,
      originCountry: 'cn',
      hs_code: HS,
      items_version: 0,
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited: Order = response.json();
    expect(edited.items_version).toBe(1);
    expect(edited.items[0]).toMatchObject({
      itemDescription: 'Ceramic tea cups',
      declaredValue: 12.5,
      originCountry: 'CN',
      hs_code: HS,
    });
    // Price and weight stay: nothing that weighs changed.
    expect(edited).toMatchObject({ weight: order.weight, vnd: order.vnd });

    const [entry] = await historyOf(t, admin, order.sid);
    expect(entry).toEqual({
      at: expect.any(String),
      kind: 'edited',
      status: null,
      description: 'Item SKU-1 edited: itemDescription, declaredValue, originCountry',
      description_text: {
        key: 'orders.history.itemEdited',
        params: { sku: 'SKU-1', fields: 'itemDescription, declaredValue, originCountry' },
      },
      location: null,
      location_text: null,
      ...(entry && 'reason' in entry ? { reason: null } : {}),
      actor: { kind: 'user', sid: expect.any(String), name: ADMIN_USERNAME },
      details: {
        fields: ['itemDescription', 'declaredValue', 'originCountry'],
        item_sid: item,
        sku: 'SKU-1',
        changes: {
          itemDescription: { old: 'Gift', new: 'Ceramic tea cups' },
          declaredValue: { old: null, new: 12.5 },
          originCountry: { old: 'VN', new: 'CN' },
        },
      },
    });

    // The same values again change nothing: no history, the version stays.
    const again = await editItem(item, { itemDescription: 'Ceramic tea cups', items_version: 1 });
    expect(again.json().items_version).toBe(1);
    expect((await historyOf(t, admin, order.sid)).filter((row) => row.kind === 'edited')).toHaveLength(1);
  });

  it('re-prices through the one re-weigh when weight or quantity change the chargeable weight, credit settled', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit(1_000_000));
    // 400 g: 180,000 VND.
    const order = await createOrder(t, seller, fileable());
    const item = order.items[0]?.sid as string;
    expect(await balanceOf(t, admin, account.sid)).toBe(820_000);

    // Two of 400 g: 800 g, 250,000 VND: 70,000 more.
    const more = await editItem(item, { quantity: 2 }, operator.token);
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json()).toMatchObject({ weight: 800, vnd: 250_000, items_version: 1 });
    expect(more.json().items[0]).toMatchObject({ quantity: 2 });
    expect(await balanceOf(t, admin, account.sid)).toBe(750_000);

    // Two of 200 g: 400 g again, 70,000 back.
    const less = await editItem(item, { itemWeight: 200 });
    expect(less.json()).toMatchObject({ weight: 400, vnd: 180_000, items_version: 2 });
    expect(await balanceOf(t, admin, account.sid)).toBe(820_000);
    expect(await ledgerSum(t, account.sid)).toBe(820_000);

    const kinds = (await historyOf(t, admin, order.sid)).map((entry) => entry.kind);
    // The re-weigh follows the edit that caused it, in the same transaction.
    expect(kinds).toEqual(['reweighed', 'edited', 'reweighed', 'edited', 'status']);
    const reweighs = (await historyOf(t, admin, order.sid)).filter((entry) => entry.kind === 'reweighed');
    expect(reweighs.map((entry) => entry.details)).toEqual([
      { old_weight: 800, new_weight: 400, difference: -70_000, unit: 'VND' },
      { old_weight: 400, new_weight: 800, difference: 70_000, unit: 'VND' },
    ]);
  });

  it('keeps a description that is still vague as a problem, and a real one clears it', async () => {
    const manifest = await createAms();
    const order = await createOrder(t, sellerA.token, fileable());
    await loadInto(manifest, order);
    expect(await problemsOf(manifest.sid)).toEqual(['ams.finding.vagueDescription']);
    const item = order.items[0]?.sid as string;

    const vague = await editItem(item, { itemDescription: 'Gifts' }, operator.token);
    expect(vague.statusCode, vague.body).toBe(200);
    expect(await problemsOf(manifest.sid)).toEqual(['ams.finding.vagueDescription']);

    const real = await editItem(item, { itemDescription: 'Ceramic tea cups' }, operator.token);
    expect(real.statusCode, real.body).toBe(200);
    expect(await problemsOf(manifest.sid)).toEqual([]);
  });

  it('refuses an edit once the manifest is submitted, or the order is past the flight', async () => {
    const manifest = await createAms();
    const order = await createOrder(t, sellerA.token, fileable({ itemDescription: 'Ceramic tea cups' }));
    await loadInto(manifest, order);
    const item = order.items[0]?.sid as string;
    const submitted = await t.call('POST', '/ams/submitAms', {
      token: admin,
      body: { ams_sid: manifest.sid },
    });
    expect(submitted.statusCode, submitted.body).toBe(202);
    await expect
      .poll(
        async () => (await t.call('GET', `/ams/${manifest.sid}`, { token: admin })).json().submit_status,
        {
          timeout: 15_000,
          interval: 100,
        },
      )
      .toBe('submitted');

    const refused = await editItem(item, { itemDescription: 'Porcelain cups' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ORDER_MANIFEST_SUBMITTED',
      msg: `Order ${order.orderNumber} is on manifest ${manifest.name}, which is already submitted: its items can no longer change.`,
    });

    // An order past the flight (here Delivered, set apart from any manifest) keeps its items too.
    const delivered = await createOrder(t, sellerA.token, fileable());
    await t.database.db
      .update(orders)
      .set({ status: OrderStatus.Delivered })
      .where(eq(orders.sid, delivered.sid));
    const late = await editItem(delivered.items[0]?.sid as string, { quantity: 3 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'ORDER_MANIFEST_SUBMITTED',
      msg: `Order ${delivered.orderNumber} is Delivered: its items can no longer change.`,
    });
  });

  it('tells the second of two editors who read the same version, instead of overwriting the first', async () => {
    const order = await createOrder(t, sellerA.token, fileable());
    const item = order.items[0]?.sid as string;
    const [first, second] = await Promise.all([
      editItem(item, { itemDescription: 'Ceramic tea cups', items_version: 0 }),
      editItem(item, { itemDescription: 'Porcelain bowls', items_version: 0 }, operator.token),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    const winner = first.statusCode === 200 ? first : second;
    expect(loser.json()).toMatchObject({
      code: 'ITEMS_CHANGED',
      msg: `Someone else changed the items of order ${order.orderNumber} meanwhile: look at them again, then save.`,
    });
    const now: Order = (await t.call('GET', `/orders/${order.sid}`, { token: admin })).json();
    expect(now.items_version).toBe(1);
    expect(now.items[0]?.itemDescription).toBe(winner.json().items[0].itemDescription);
    expect((await historyOf(t, admin, order.sid)).filter((entry) => entry.kind === 'edited')).toHaveLength(1);

    // A stale version is refused even when its values are the ones already there.
    const stale = await editItem(item, { itemDescription: 'Ceramic tea cups', items_version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('ITEMS_CHANGED');
  });

  it('admits admins and operators (HS codes the admins only), never sellers or API keys', async () => {
    const order = await createOrder(t, sellerA.token, fileable());
    const item = order.items[0]?.sid as string;
    expect(
      (await editItem(item, { quantity: 1, itemDescription: 'Tea cups' }, operator.token)).statusCode,
    ).toBe(200);
    const hsByOperator = await editItem(item, { hs_code: HS }, operator.token);
    expect(hsByOperator.statusCode).toBe(403);
    expect(hsByOperator.json().msg).toBe("Only an admin may change an item's HS code.");
    for (const token of [sellerA.token, keyA]) {
      expect((await editItem(item, { itemDescription: 'Cups' }, token)).statusCode).toBe(403);
    }
    const empty = await editItem(item, { items_version: 1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().key).toBe('orders.itemNothingToChange');
    const blank = await editItem(item, { itemDescription: '  ' });
    expect(blank.statusCode).toBe(400);
    expect((await editItem('no-such-item', { quantity: 2 })).statusCode).toBe(404);
    const after: Order = (await t.call('GET', `/orders/${order.sid}`, { token: admin })).json();
    expect(after.items[0]).toMatchObject({ itemDescription: 'Tea cups', hs_code: HS });
  });
});
