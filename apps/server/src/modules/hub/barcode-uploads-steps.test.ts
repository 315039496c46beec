/**
 * The barcode uploads keep the API answering (issue 17): Order_details.xlsx is streamed a chunk of lookups at
 * a time and shares the report slots; a status upload locks and moves a chunk per transaction with other
 * calls between two chunks; the results are the same whatever the chunk size.
 */
import { type Order, OrderStatus } from '@parcelops/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrder } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { multipart, readXlsx, xlsx } from '../../../test/workbooks.ts';
import { REPORT_STREAMS, reportsInFlight } from '../../lib/excel/report-slots.ts';
import { trackingEvents } from '../orders/orders.table.ts';
import { UPLOAD_STEPS } from './barcode-uploads.service.ts';

const { t, operator, sellerA } = await openTestWorld({ orderAccounts: true });

const DEFAULT_STEPS = { ...UPLOAD_STEPS };
const DEFAULT_SLOTS = REPORT_STREAMS.maxInFlight;
afterEach(() => {
  Object.assign(UPLOAD_STEPS, DEFAULT_STEPS);
  REPORT_STREAMS.maxInFlight = DEFAULT_SLOTS;
});

/** Chunks of `size` barcodes on either database. */
const chunksOf = (size: number) => Object.assign(UPLOAD_STEPS, { embeddedChunk: size, serverChunk: size });

async function newOrders(count: number): Promise<Order[]> {
  const made: Order[] = [];
  for (let start = 0; start < count; start += 10)
    made.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, count - start) }, () => createOrder(t, sellerA.token)),
      )),
    );
  return made;
}

const upload = async (path: string, barcodes: string[], fields: Record<string, string> = {}) =>
  t.call('POST', path, {
    token: operator.token,
    body: multipart(fields, { buffer: await xlsx([['Barcode'], ...barcodes.map((code) => [code])]) }),
  });

const scannedEvents = async (sids: string[]) =>
  (
    await t.database.db
      .select({ sid: trackingEvents.orderSid })
      .from(trackingEvents)
      .where(and(inArray(trackingEvents.orderSid, sids), eq(trackingEvents.status, OrderStatus.Scanned)))
  ).length;

/** While a long upload is at work, the server still answers others at once: its health and a page of orders. */
async function expectOthersAnswered() {
  const [health, list] = await Promise.all([
    t.call('GET', '/health'),
    t.call('GET', '/orders', { token: sellerA.token, query: { page_size: '25' } }),
  ]);
  expect(health.statusCode).toBe(200);
  expect(list.statusCode).toBe(200);
}

describe('POST /orders/getDetails, streamed', () => {
  it('writes the same file a chunk of lookups at a time, unknown barcodes in their place', async () => {
    chunksOf(3);
    const made = await newOrders(8);
    const codes = [...made.map((order) => order.barcode)];
    codes.splice(4, 0, 'PO0000000000');
    const response = await upload('/orders/getDetails', codes);
    expect(response.statusCode).toBe(200);
    const rows = (await readXlsx(response.rawPayload)).slice(1) as unknown[][];
    expect(rows.map((row) => row[0])).toEqual(codes);
    expect(rows.map((row) => row[1])).toEqual(
      codes.map((code) => (code === 'PO0000000000' ? 'not found' : 'found')),
    );
    expect(rows.filter((row) => row[1] === 'found').map((row) => row[3])).toEqual(
      made.map((order) => order.orderNumber),
    );
  });

  it('answers other calls while the file is written, and holds a report slot until it ends', async () => {
    chunksOf(2);
    const made = await newOrders(40);
    let finished = false;
    const writing = upload(
      '/orders/getDetails',
      made.map((order) => order.barcode),
    ).then((response) => {
      finished = true;
      return response;
    });
    // The slot is taken once the barcodes are read, before the first lookup.
    await expect.poll(reportsInFlight, { timeout: 20_000, interval: 2 }).toBe(1);
    await expectOthersAnswered();
    expect(finished).toBe(false);
    const response = await writing;
    expect(response.statusCode).toBe(200);
    expect((await readXlsx(response.rawPayload)).length).toBe(41);
    expect(reportsInFlight()).toBe(0);
  });

  it('answers 503 with Retry-After when the report slots are taken, and writes again after', async () => {
    const [order] = await newOrders(1);
    REPORT_STREAMS.maxInFlight = 0;
    const busy = await upload('/orders/getDetails', [(order as Order).barcode]);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe(String(REPORT_STREAMS.retryAfterSeconds));
    expect(busy.json()).toMatchObject({ code: 'BUSY' });
    REPORT_STREAMS.maxInFlight = DEFAULT_SLOTS;
    expect((await upload('/orders/getDetails', [(order as Order).barcode])).statusCode).toBe(200);
  });
});

describe('POST /orders/status, a chunk per transaction', () => {
  it('answers other calls between two chunks, and moves every order once', async () => {
    chunksOf(2);
    const made = await newOrders(40);
    const sids = made.map((order) => order.sid);
    let finished = false;
    const moving = upload(
      '/orders/status',
      made.map((order) => order.barcode),
      {
        status: String(OrderStatus.Scanned),
      },
    ).then((response) => {
      finished = true;
      return response;
    });
    // Once the first chunk is in, the calls go while the other 19 are still to come.
    await expect.poll(() => scannedEvents(sids), { timeout: 20_000, interval: 2 }).toBeGreaterThan(0);
    await expectOthersAnswered();
    expect(finished).toBe(false);
    const response = await moving;
    expect(response.statusCode).toBe(200);
    const rows = (await readXlsx(response.rawPayload)).slice(1) as unknown[][];
    expect(rows.map((row) => row[2])).toEqual(made.map(() => 'updated'));
    expect(await scannedEvents(sids)).toBe(40);
  });

  it('reports each barcode the same whatever the chunk size', async () => {
    const made = await newOrders(3);
    const codes = [made[0], made[1], made[0], made[2]].map((order) => (order as Order).barcode);
    const results = [];
    for (const size of [1, 3, 1000]) {
      chunksOf(size);
      const response = await upload('/orders/status/preview', [...codes, 'PO0000000000'], {
        status: String(OrderStatus.Scanned),
      });
      expect(response.statusCode).toBe(200);
      results.push(response.json());
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    expect(results[0]).toMatchObject({ total: 4, notFoundCount: 1 });
  });
});
