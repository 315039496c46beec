/**
 * The AMS's spreadsheets: a batch upload scans in its rows one by one and answers each row's outcome (unknown
 * barcodes and empty cells reported per row, nothing refused as a whole once the file reads); a file without
 * the columns moves nothing; the AMS report lists each parcel with carton, HAWB, weight and items.
 */
import { type Ams, OrderStatus } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import { createTestAms } from '../../../test/ams-fixtures.ts';
import { createOrder } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { loadWorkbook, multipart, xlsx } from '../../../test/workbooks.ts';

const { t, admin, operator, sellerA } = await openTestWorld({ orderAccounts: true });
const createAms = () => createTestAms(t, admin, { namePrefix: 'Files ', hawb: 'H7' });
async function sheetOf(payload: Buffer): Promise<unknown[][]> {
  const workbook = await loadWorkbook(payload);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
const upload = async (manifest: Ams, rows: unknown[][], token = admin) =>
  t.call('POST', '/ams/batch', {
    token,
    body: await multipart({ ams_sid: manifest.sid }, { buffer: await xlsx(rows) }),
  });

describe('batch upload', () => {
  it('scans each row in and answers every row with its outcome and the counts', async () => {
    const manifest = await createAms();
    const [one, two] = [await createOrder(t, sellerA.token), await createOrder(t, sellerA.token)];
    const response = await upload(manifest, [
      ['Barcode', 'Carton label'],
      [one.barcode, 'C1'],
      [two.barcode, 'C2'],
      [one.barcode, 'C1'],
      ['PO9999999999', 'C1'],
      [two.barcode, ''],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers).toMatchObject({ 'x-ams-added': '2', 'x-ams-already': '1', 'x-ams-failed': '2' });
    const rows = await sheetOf(response.rawPayload);
    expect(rows.map((row) => row[3])).toEqual([
      'Result',
      'Added',
      'Added',
      'Already in this AMS',
      'Failed: No order has barcode PO9999999999.',
      'Failed: the carton label is empty.',
    ]);
    const order = (await t.call('GET', `/orders/${two.sid}`, { token: admin })).json();
    expect(order).toMatchObject({
      status: OrderStatus.Processing,
      ams_carton_label: 'C2',
      ams_details: { hawb: 'H7' },
    });
  });

  it('moves nothing when the file lacks its columns, and is the admins’ only', async () => {
    const manifest = await createAms();
    const order = await createOrder(t, sellerA.token);
    const response = await upload(manifest, [['Tracking'], [order.barcode]]);
    expect(response.statusCode).toBe(400);
    expect((await t.call('GET', `/orders/${order.sid}`, { token: admin })).json().ams_sid).toBeNull();
    expect(
      (
        await upload(
          manifest,
          [
            ['Barcode', 'Carton'],
            [order.barcode, 'C1'],
          ],
          operator.token,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('AMS report', () => {
  it('lists every parcel with its carton, HAWB, weight and items', async () => {
    const manifest = await createAms();
    const order = await createOrder(t, sellerA.token);
    await upload(manifest, [
      ['barcode', 'ams_carton_label'],
      [order.barcode, 'BOX-9'],
    ]);
    const response = await t.call('GET', '/orders/amsreport', {
      token: admin,
      query: { ams_sid: manifest.sid },
    });
    expect(response.statusCode).toBe(200);
    const rows = await sheetOf(response.rawPayload);
    expect(rows[0]).toEqual([
      'Carton label',
      'Barcode',
      'Order number',
      'AMS id',
      'HAWB',
      'Weight (kg)',
      'Consignee',
      'Items',
      'HS codes',
    ]);
    expect(rows[1]).toEqual(
      expect.arrayContaining(['BOX-9', order.barcode, order.orderNumber, 'H7', 0.4, '1 x T-shirt']),
    );
    expect(
      (await t.call('GET', '/orders/amsreport', { token: admin, query: { ams_sid: 'nope' } })).statusCode,
    ).toBe(404);
  });
});
