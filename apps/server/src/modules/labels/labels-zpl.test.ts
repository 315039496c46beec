/**
 * Every label call in ZPL (issue 33): the single label, bulk labels from the orders list and a batch's labels
 * answer `format=zpl` at 203 or 300 dpi, each label rendered here and its barcode read back as the order's; a
 * seller never gets another account's labels in either format; a format or dpi there is not answers 400.
 */
import type { Order } from '@parcelops/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { settledBatch } from '../../../test/batch-jobs.ts';
import { decodeCode128, rasterizeZpl } from '../../../test/label-check/index.ts';
import { createOrder } from '../../../test/order-fixtures.ts';
import { orderRow, orderSheet } from '../../../test/order-sheets.ts';
import { unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { multipart } from '../../../test/workbooks.ts';
import { orders } from '../orders/orders.table.ts';

const { t, admin, operator, sellerA, keyA, sellerB } = await openTestWorld({
  orderAccounts: true,
  workers: true,
});
let orderA: Order;
let orderA2: Order;
let orderB: Order;

beforeAll(async () => {
  orderA = await createOrder(t, sellerA.token, { name: 'Nguyễn Văn Đức' });
  orderA2 = await createOrder(t, sellerA.token);
  orderB = await createOrder(t, sellerB.token);
});

/** The barcodes of a ZPL reply's labels, each rendered and read back. */
async function barcodesOf(zpl: string, dpi: 203 | 300): Promise<string[][]> {
  const pictures = await rasterizeZpl(zpl, dpi);
  return Promise.all(pictures.map((picture) => decodeCode128(picture)));
}

describe('GET /orders/{id}/label?format=zpl', () => {
  for (const dpi of [203, 300] as const) {
    it(`answers the label as ZPL at ${dpi} dpi, saved under the barcode's name`, async () => {
      const reply = await t.call('GET', `/orders/${orderA.sid}/label`, {
        token: sellerA.token,
        query: { format: 'zpl', dpi: String(dpi) },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.headers['content-type']).toBe('application/zpl');
      expect(reply.headers['content-disposition']).toBe(`attachment; filename="label-${orderA.barcode}.zpl"`);
      expect(reply.body).toMatch(dpi === 203 ? /^\^XA\^PW812\^LL1218/ : /^\^XA\^PW1218\^LL1827/);
      expect(await barcodesOf(reply.body, dpi)).toEqual([[orderA.barcode]]);
    });
  }

  it('takes 203 dpi when none is given, and keeps the PDF the default', async () => {
    const zpl = await t.call('GET', `/orders/${orderA.sid}/label`, { token: keyA, query: { format: 'zpl' } });
    expect(zpl.body).toMatch(/^\^XA\^PW812\^LL1218/);
    const pdf = await t.call('GET', `/orders/${orderA.sid}/label`, { token: keyA, query: { dpi: '300' } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('refuses a format or a dpi it does not print (400), naming the field', async () => {
    const queries: Record<string, string>[] = [
      { format: 'png' },
      { format: 'zpl', dpi: '150' },
      { format: 'ZPL' },
    ];
    for (const query of queries) {
      const reply = await t.call('GET', `/orders/${orderA.sid}/label`, { token: sellerA.token, query });
      expect(reply.statusCode, JSON.stringify(query)).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(reply.json().details[0].path).toBe(Object.keys(query).at(-1));
    }
  });

  it("never gives a seller or its key another account's label, in either format", async () => {
    for (const token of [sellerA.token, keyA]) {
      for (const format of ['pdf', 'zpl']) {
        const reply = await t.call('GET', `/orders/${orderB.sid}/label`, { token, query: { format } });
        expect(reply.statusCode).toBe(404);
      }
    }
    const operatorReply = await t.call('GET', `/orders/${orderB.sid}/label`, {
      token: operator.token,
      query: { format: 'zpl' },
    });
    expect(operatorReply.statusCode).toBe(200);
  });
});

describe('POST /orders/labels?format=zpl', () => {
  it('answers the chosen orders as one ZPL stream, a label each', async () => {
    const reply = await t.call('POST', '/orders/labels', {
      token: sellerA.token,
      query: { format: 'zpl', dpi: '300' },
      body: { sids: [orderA.sid, orderA2.sid] },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zpl');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="labels-2.zpl"');
    expect(reply.headers['x-labels-printed']).toBe('2');
    const barcodes = (await barcodesOf(reply.body, 300)).map(([barcode]) => barcode);
    expect(barcodes.sort()).toEqual([orderA.barcode, orderA2.barcode].sort());
  });

  it("leaves another account's orders out for a seller, as the PDF does", async () => {
    const reply = await t.call('POST', '/orders/labels', {
      token: sellerA.token,
      query: { format: 'zpl' },
      body: { sids: [orderB.sid] },
    });
    expect(reply.statusCode).not.toBe(200);
  });
});

describe('GET /labels/{sid}?format=zpl', () => {
  it("answers a batch's labels as ZPL, named after the batch", async () => {
    const prefix = unique('ZPL-');
    const created = await t.call('POST', '/batch_orders', {
      token: sellerA.token,
      body: multipart(
        { name: unique('Thermal batch ') },
        {
          buffer: await orderSheet([
            orderRow(`${prefix}1`, { name: 'Trần Thị Hương' }),
            orderRow(`${prefix}2`),
          ]),
          name: 'orders.xlsx',
        },
      ),
    });
    expect(created.statusCode, created.body).toBe(201);
    const batch = await settledBatch(t, created.json().sid, sellerA.token);
    expect(batch.status).toBe('success');
    const reply = await t.call('GET', `/labels/${batch.sid}`, {
      token: sellerA.token,
      query: { format: 'zpl' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zpl');
    expect(reply.headers['content-disposition']).toContain('_labels.zpl');
    const placed = await t.database.db
      .select({ barcode: orders.barcode })
      .from(orders)
      .where(eq(orders.batchSid, batch.sid));
    const barcodes = (await barcodesOf(reply.body, 203)).map(([barcode]) => barcode);
    expect(barcodes.sort()).toEqual(placed.map((order) => order.barcode).sort());
    const other = await t.call('GET', `/labels/${batch.sid}`, {
      token: sellerB.token,
      query: { format: 'zpl' },
    });
    expect(other.statusCode).toBe(404);
    const admins = await t.call('GET', `/labels/${batch.sid}`, {
      token: admin,
      query: { format: 'zpl', dpi: '300' },
    });
    expect(admins.statusCode).toBe(200);
  });
});
