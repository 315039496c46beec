import type { Order } from '@parcelops/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ADDRESS, createOrder } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { findOrder } from '../orders/orders.service.ts';
import { orders } from '../orders/orders.table.ts';
import { DEFAULT_SERVICE } from './label-layout.ts';
import { labelOf, senderOf } from './labels.service.ts';

const { t, admin, operator, accountA, sellerA, keyA, sellerB } = await openTestWorld({ orderAccounts: true });
let orderA: Order;
let orderB: Order;

beforeAll(async () => {
  orderA = await createOrder(t, sellerA.token, { sellerInformation: { name: 'Shop A', city: 'HCM' } });
  orderB = await createOrder(t, sellerB.token);
});

const label = (sid: string, token: string | null) => t.call('GET', `/orders/${sid}/label`, { token });
const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('GET /orders/{id}/label', () => {
  it("answers the order's label as an inline PDF named after its barcode", async () => {
    const response = await label(orderA.sid, sellerA.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="label-${orderA.barcode}.pdf"`);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain(`(Label ${orderA.barcode})`);
  });

  it("lets the account's API key, operators and admins print it", async () => {
    for (const token of [keyA, operator.token, admin]) {
      const response = await label(orderA.sid, token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it("does not reveal another account's order to a seller", async () => {
    for (const token of [sellerA.token, keyA]) {
      const response = await label(orderB.sid, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ msg: 'Order not found.', code: 'NOT_FOUND', key: 'orders.notFound' });
    }
    expect((await label(orderB.sid, admin)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown order and 401 without a token', async () => {
    expect((await label('0196a000-0000-7000-8000-000000000000', admin)).statusCode).toBe(404);
    expect((await label(orderA.sid, null)).statusCode).toBe(401);
  });

  it('refuses to print an Order Failed order (spec §4), but prints a Failed one', async () => {
    const failed = await createOrder(t, sellerA.token);
    await t.database.db.update(orders).set({ status: 10 }).where(eq(orders.sid, failed.sid));
    const refused = await label(failed.sid, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      msg: 'Order Failed orders cannot be printed.',
      code: 'CONFLICT',
      key: 'files.orderFailedNoLabel',
    });

    await t.database.db.update(orders).set({ status: 5 }).where(eq(orders.sid, failed.sid));
    expect((await label(failed.sid, admin)).statusCode).toBe(200);
  });
});

describe('labelOf', () => {
  it('takes the recipient, weight, barcode, service and date from the order, the sender from the account', async () => {
    const order = await findOrder(t.database.db, orderA.sid);
    if (!order) throw new Error('order A not found');
    const data = labelOf(order);
    expect(data).toMatchObject({
      orderNumber: orderA.orderNumber,
      barcode: orderA.barcode,
      weightGrams: orderA.weight,
      service: null,
      recipient: {
        name: 'Nguyen Van A',
        phone: '+84 90 000 0000',
        address1: '400 Pine St',
        city: 'Seattle',
        state: 'WA',
        postalCode: '98101',
        // The country code by its English name, as mail writes it (the label prints it in capitals).
        country: 'United States',
      },
      // The seller information has a city: its address is the sender's, under the account's name.
      sender: { name: accountA.name, contact: 'Shop A', city: 'HCM' },
    });
    expect(data.date.toISOString()).toBe(orderA.date_created);
    expect(DEFAULT_SERVICE).toBe('ParcelOps Standard');
  });

  it("falls back to the account's address when the order gives none", () => {
    expect(
      senderOf({ accountName: 'Shop', accountAddress: ACCOUNT_ADDRESS, sellerInformation: { name: 'Shop' } }),
    ).toEqual({
      name: 'Shop',
      contact: 'Warehouse',
      address1: '1 Harbour Road',
      address2: undefined,
      city: 'Ho Chi Minh City',
      state: 'HCM',
      postalCode: '700000',
      country: 'Vietnam',
    });
    expect(senderOf({ accountName: 'Shop', accountAddress: null, sellerInformation: null })).toEqual({
      name: 'Shop',
      contact: null,
    });
  });
});
