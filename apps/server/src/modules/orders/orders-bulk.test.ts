import type { Order } from '@parcelops/shared';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  createOrder,
  createOrderAccount,
  ledgerSum,
  onCredit,
  orderBody,
} from '../../../test/order-fixtures.ts';
import { unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { loadWorkbook } from '../../../test/workbooks.ts';
import { reportsInFlight } from '../../lib/excel/report-slots.ts';
import { pdfText } from '../../lib/pdf/pdf-text.ts';
import { orderHistory, orders } from './orders.table.ts';

const { t, admin, operator, sellerA, keyA, sellerB } = await openTestWorld({ orderAccounts: true });
let a: Order[];
let b: Order;

beforeAll(async () => {
  a = [];
  for (let i = 0; i < 3; i += 1) a.push(await createOrder(t, sellerA.token));
  b = await createOrder(t, sellerB.token);
});

const post = (path: string, token: string | null, body: unknown) =>
  t.call('POST', path, { token, body: body as Record<string, unknown> });
const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
const setStatus = (sid: string, status: number) =>
  t.database.db.update(orders).set({ status }).where(eq(orders.sid, sid));

async function sheetRows(buffer: Buffer): Promise<unknown[][]> {
  const workbook = await loadWorkbook(buffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('POST /orders/labels', () => {
  it('prints three orders as one PDF of three pages', async () => {
    const response = await post('/orders/labels', sellerA.token, { sids: a.map((order) => order.sid) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-labels-printed']).toBe('3');
    expect(pages(response.rawPayload)).toBe(3);
  });

  it('draws a page for each order chosen, streamed, and gives the report slot back', async () => {
    const chosen = [a[2], a[0], a[1]] as Order[];
    const response = await post('/orders/labels', sellerA.token, { sids: chosen.map((order) => order.sid) });
    expect(response.statusCode, response.body).toBe(200);
    const { pages: texts, title } = await pdfText(response.rawPayload);
    expect(title).toBe('3 labels');
    const onPages = texts.map((page) => chosen.findIndex((order) => page.includes(order.barcode)));
    expect(onPages.sort()).toEqual([0, 1, 2]);
    expect(reportsInFlight()).toBe(0);
  });

  it("never prints another account's order for a seller or their key", async () => {
    for (const token of [sellerA.token, keyA]) {
      const mixed = await post('/orders/labels', token, { sids: [a[0]?.sid, b.sid] });
      expect(mixed.statusCode).toBe(200);
      expect(pages(mixed.rawPayload)).toBe(1);
      expect(mixed.rawPayload.toString('latin1')).not.toContain(b.barcode);
      const only = await post('/orders/labels', token, { sids: [b.sid] });
      expect(only.statusCode).toBe(404);
    }
    const staff = await post('/orders/labels', operator.token, { sids: [a[0]?.sid, b.sid] });
    expect(pages(staff.rawPayload)).toBe(2);
  });

  it('prints all that match the filters, within the seller’s account', async () => {
    const response = await post('/orders/labels', sellerA.token, { filter: {} });
    expect(response.statusCode, response.body).toBe(200);
    expect(pages(response.rawPayload)).toBe(Number(response.headers['x-labels-printed']));
    const refused = await post('/orders/labels', sellerA.token, {
      filter: { account_sid: sellerB.user.account_sid },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('skips Order Failed orders and refuses when nothing is left', async () => {
    const failed = await createOrder(t, sellerA.token);
    await setStatus(failed.sid, 10);
    const mixed = await post('/orders/labels', admin, { sids: [failed.sid, a[1]?.sid] });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.headers['x-labels-skipped']).toBe('1');
    expect(pages(mixed.rawPayload)).toBe(1);
    const refused = await post('/orders/labels', admin, { sids: [failed.sid] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('Order Failed orders cannot be printed.');
  });

  it('refuses more than 1,000 orders, or neither sids nor filter', async () => {
    const sids = Array.from({ length: 1001 }, (_, index) => `sid-${index}`);
    const tooMany = await post('/orders/labels', admin, { sids });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toContain('At most 1,000 orders');
    expect((await post('/orders/labels', admin, {})).statusCode).toBe(400);
    expect((await post('/orders/labels', null, { sids: [a[0]?.sid] })).statusCode).toBe(401);
  });
});

describe('POST /orders/export', () => {
  it('answers an xlsx with one row per order, formula-like text kept as text', async () => {
    const tricky = await createOrder(t, sellerA.token, { name: '=HYPERLINK("http://x","y")' });
    const response = await post('/orders/export', sellerA.token, { sids: [tricky.sid, a[0]?.sid, b.sid] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders.xlsx"');
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]?.slice(0, 4)).toEqual(['Order number', 'Barcode', 'Account', 'Status']);
    expect(rows).toHaveLength(3);
    const numbers = rows.slice(1).map((row) => row[0]);
    expect(numbers).toEqual(expect.arrayContaining([tricky.orderNumber, a[0]?.orderNumber]));
    expect(numbers).not.toContain(b.orderNumber);
    const trickyRow = rows.find((row) => row[0] === tricky.orderNumber);
    expect(trickyRow?.[5]).toBe('=HYPERLINK("http://x","y")');
    expect(response.rawPayload.includes(Buffer.from('<f>'))).toBe(false);
  });

  it("answers 404 to a seller naming only another account's orders", async () => {
    expect((await post('/orders/export', sellerA.token, { sids: [b.sid] })).statusCode).toBe(404);
  });
});

describe('POST /orders/delete', () => {
  it('deletes the Generated orders with their refund and reports the others', async () => {
    const account = await createOrderAccount(t, admin, onCredit(1000000));
    const seller = await t.createUser(admin, { role: 0, account_sid: account.sid });
    const made: Order[] = [];
    for (let i = 0; i < 3; i += 1) made.push(await createOrder(t, seller.token));
    const scanned = made[2] as Order;
    await setStatus(scanned.sid, 1);
    const before = await balanceOf(t, admin, account.sid);

    const response = await post('/orders/delete', seller.token, { sids: made.map((order) => order.sid) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      deleted: 2,
      skipped: [
        {
          sid: scanned.sid,
          orderNumber: scanned.orderNumber,
          msg: `Order ${scanned.orderNumber} is Scanned: only orders in status Generated can be deleted.`,
          key: 'orders.notDeletable',
          params: { orderNumber: scanned.orderNumber, status: { key: 'orders.status.1' } },
        },
      ],
    });
    const after = await balanceOf(t, admin, account.sid);
    expect(after).toBe(before + 2 * 180000);
    expect(await ledgerSum(t, account.sid)).toBe(after);
    // Each deleted order leaves its history row naming the seller; the skipped one none.
    const history = await t.database.db
      .select()
      .from(orderHistory)
      .where(
        inArray(
          orderHistory.orderSid,
          made.map((order) => order.sid),
        ),
      );
    expect(history.map((row) => row.orderSid).sort()).toEqual([made[0]?.sid, made[1]?.sid].sort());
    for (const row of history)
      expect(row).toMatchObject({
        action: 'deleted',
        accountSid: account.sid,
        actorUserSid: seller.user.sid,
        actorApiKeySid: null,
        details: { refund: { amount: 180000, unit: 'VND' } },
      });
  });

  it("never deletes another account's order", async () => {
    const mine = await createOrder(t, sellerA.token);
    const response = await post('/orders/delete', sellerA.token, { sids: [mine.sid, b.sid] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      deleted: 1,
      skipped: [{ sid: b.sid, orderNumber: null, msg: 'Order not found.', key: 'orders.notFound' }],
    });
    expect((await t.call('GET', `/orders/${b.sid}`, { token: admin })).statusCode).toBe(200);
    expect((await post('/orders/delete', sellerA.token, { sids: [b.sid] })).statusCode).toBe(404);
  });

  it('deletes all that match the filters, and refuses operators as DELETE /orders/{sid} does', async () => {
    const text = unique('BULK-');
    await createOrder(t, sellerA.token, orderBody({ orderNumber: `${text}-1` }));
    await createOrder(t, sellerA.token, orderBody({ orderNumber: `${text}-2` }));
    expect((await post('/orders/delete', operator.token, { filter: { filter: text } })).statusCode).toBe(403);
    const response = await post('/orders/delete', admin, { filter: { filter: text } });
    expect(response.json()).toEqual({ deleted: 2, skipped: [] });
  });
});

describe('GET /orders sorting', () => {
  it('orders by order number, status or date in either direction', async () => {
    const list = async (query: Record<string, string>) => {
      const response = await t.call('GET', '/orders', {
        token: sellerA.token,
        query: { page_size: '500', ...query },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as Order[]).map((order) => order);
    };
    const byNumber = (await list({ sort: 'orderNumber', direction: 'asc' })).map(
      (order) => order.orderNumber,
    );
    expect(byNumber).toEqual([...byNumber].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    const byStatus = (await list({ sort: 'status', direction: 'desc' })).map((order) => order.status);
    expect(byStatus).toEqual([...byStatus].sort((x, y) => y - x));
    const oldest = (await list({ direction: 'asc' })).map((order) => order.date_created);
    expect(oldest).toEqual([...oldest].sort());
    expect((await t.call('GET', '/orders', { token: admin, query: { sort: 'name' } })).statusCode).toBe(400);
  });
});
