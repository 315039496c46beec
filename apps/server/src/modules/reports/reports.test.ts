import { ListOrdersQuerySchema, Role } from '@parcelops/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrder, orderItem } from '../../../test/order-fixtures.ts';
import { englishBody } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { loadWorkbook } from '../../../test/workbooks.ts';
import { REPORT_STREAMS, reportsInFlight, takeReportSlot } from '../../lib/excel/report-slots.ts';
import { newSid } from '../../lib/ids.ts';
import { OrdersService } from '../orders/orders.service.ts';
import { orders, trackingEvents } from '../orders/orders.table.ts';
import { hoursBetween, isoWeek, percentile, summarize } from './report-stats.ts';
import { OrderReportsService } from './reports.service.ts';

const { t, admin, operator, sellerA, sellerB, keyA, accountA } = await openTestWorld({ orderAccounts: true });
const db = t.database.db;

function rowsOf(sheet: ExcelJS.Worksheet | undefined): unknown[][] {
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
async function download(path: string, token: string, query: Record<string, string> = {}) {
  const response = await t.call('GET', path, { token, query });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  return loadWorkbook(response.rawPayload);
}
async function listed(token: string, query: Record<string, string> = {}): Promise<string[]> {
  const response = await t.call('GET', '/orders', { token, query: { ...query, page_size: '1000' } });
  expect(response.statusCode).toBe(200);
  return response.json().data.map((order: { orderNumber: string }) => order.orderNumber);
}
const setStatus = (sid: string, status: number) =>
  db.update(orders).set({ status }).where(eq(orders.sid, sid));

beforeAll(async () => {
  await createOrder(t, sellerA.token, {
    items: [
      orderItem({ skuNumber: 'SKU-1', quantity: 2, itemDescription: 'Shirt', itemWeight: 300 }),
      orderItem({ skuNumber: 'SKU-2', quantity: 1, itemDescription: 'Hat', itemWeight: 100 }),
    ],
  });
  const second = await createOrder(t, sellerA.token, { name: 'Tran Thi B' });
  await setStatus(second.sid, 2);
  await createOrder(t, sellerB.token);
});

describe('GET /orders/report', () => {
  it('holds the orders the list shows, in its order, with items, grams, money and status label', async () => {
    const workbook = await download('/orders/report', admin);
    const rows = rowsOf(workbook.worksheets[0]);
    expect(rows[0]?.slice(0, 4)).toEqual(['Order number', 'Barcode', 'Account', 'Status']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(await listed(admin));
    const two = rows.find((row) => String(row[19]).includes('SKU-2'));
    expect(two?.[19]).toBe('SKU-1 x 2 Shirt; SKU-2 x 1 Hat');
    expect(two?.[3]).toBe('Generated');
    expect(two?.[13]).toBe(700);
    expect(two?.[17]).toBe(250000);
    expect(two?.[18]).toBe(10);
  });

  it('takes the list filters: status and text', async () => {
    const processing = rowsOf((await download('/orders/report', admin, { status: '2' })).worksheets[0]);
    expect(processing.slice(1).map((row) => row[0])).toEqual(await listed(admin, { status: '2' }));
    expect(processing.slice(1).every((row) => row[3] === 'Processing')).toBe(true);
    const byName = rowsOf(
      (await download('/orders/report', operator.token, { filter: 'tran thi' })).worksheets[0],
    );
    expect(byName.slice(1).map((row) => row[5])).toEqual(['Tran Thi B']);
  });

  it("gives an account user and their key only their own account's orders", async () => {
    for (const token of [sellerA.token, keyA]) {
      const rows = rowsOf((await download('/orders/report', token)).worksheets[0]).slice(1);
      expect(rows.map((row) => row[0])).toEqual(await listed(sellerA.token));
      expect(new Set(rows.map((row) => row[2]))).toEqual(new Set([accountA.name]));
    }
    const refused = await t.call('GET', '/orders/report', {
      token: sellerA.token,
      query: { account_sid: sellerB.user.account_sid as string },
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.call('GET', '/orders/report', {})).statusCode).toBe(401);
  });

  it('writes hostile text as text (the formula rule)', async () => {
    const hostile = await createOrder(t, sellerA.token, {
      name: '=HYPERLINK("http://evil.example","x")',
      address2: '@SUM(1+1)',
      items: [orderItem({ skuNumber: '+CMD', itemDescription: 'x' })],
    });
    const response = await t.call('GET', '/orders/report', {
      token: admin,
      query: { filter: hostile.orderNumber },
    });
    const sheet = (await loadWorkbook(response.rawPayload)).worksheets[0];
    const row = sheet?.getRow(2);
    expect(row?.getCell(6).value).toBe('=HYPERLINK("http://evil.example","x")');
    expect(row?.getCell(6).type).toBe(ExcelJS.ValueType.String);
    expect(row?.getCell(6).numFmt).toBe('@');
    expect(row?.getCell(9).value).toBe('@SUM(1+1)');
    expect(row?.getCell(20).value).toBe('+CMD x 1 x');
    expect(row?.getCell(20).numFmt).toBe('@');
    const zip = await JSZip.loadAsync(response.rawPayload);
    const xml = await zip.file('xl/worksheets/sheet1.xml')?.async('string');
    expect(xml).not.toContain('<f>');
  });
});

describe('GET /orders/deliveryTimeReport', () => {
  const at = (iso: string) => new Date(iso);
  async function delivered(createdAt: string, events: [number, string, string][]) {
    const order = await createOrder(t, sellerA.token);
    await db
      .update(orders)
      .set({ status: 4, dateCreated: at(createdAt) })
      .where(eq(orders.sid, order.sid));
    for (const [status, description, time] of events)
      await db.insert(trackingEvents).values({
        sid: newSid(),
        orderSid: order.sid,
        status,
        description,
        eventTime: at(time),
      });
    return order;
  }

  it('answers the hours to first scan, departure and delivery, and a summary per ISO week', async () => {
    // Monday 2026-03-02 (ISO week 10) and Monday 2026-03-09 (week 11).
    const one = await delivered('2026-03-02T00:00:00Z', [
      [1, 'Received at SGN hub', '2026-03-02T06:00:00Z'],
      [2, 'Added to manifest', '2026-03-03T00:00:00Z'],
      [3, 'Departed', '2026-03-03T12:00:00Z'],
      [4, 'Delivered', '2026-03-04T00:00:00Z'],
    ]);
    await delivered('2026-03-02T00:00:00Z', [
      [1, 'Received at HAN hub', '2026-03-02T12:00:00Z'],
      [3, 'Departed', '2026-03-04T00:00:00Z'],
      [4, 'Delivered', '2026-03-06T00:00:00Z'],
    ]);
    await delivered('2026-03-01T00:00:00Z', [[4, 'Delivered', '2026-03-05T00:00:00Z']]);
    await delivered('2026-03-09T00:00:00Z', [
      [1, 'Received at SGN hub', '2026-03-09T01:30:00Z'],
      [4, 'Delivered', '2026-03-10T00:00:00Z'],
    ]);
    const workbook = await download('/orders/deliveryTimeReport', sellerA.token, {
      from_date: '2026-03-01',
      to_date: '2026-03-31',
    });
    const rows = rowsOf(workbook.getWorksheet('Delivery times')).slice(1);
    expect(rows).toHaveLength(4);
    const first = rows.find((row) => row[0] === one.orderNumber);
    expect(first?.slice(7)).toEqual([6, 24, 48]);
    const summary = rowsOf(workbook.getWorksheet('Summary'));
    expect(summary[0]?.[0]).toBe('ISO week (delivery)');
    // Week 10: to first scan 6 and 12 h; to departure 24 and 48; to delivery 48, 96 and 96.
    expect(summary[1]).toEqual(['2026-W10', 3, 9, 9, 11.4, 36, 36, 45.6, 80, 96, 96]);
    expect(summary[2]).toEqual(['2026-W11', 1, 1.5, 1.5, 1.5, undefined, undefined, undefined, 24, 24, 24]);
  });

  it('leaves out orders that are not delivered and keeps the scope', async () => {
    const rows = rowsOf(
      (await download('/orders/deliveryTimeReport', sellerB.token)).getWorksheet('Delivery times'),
    );
    expect(rows).toHaveLength(1);
    const none = rowsOf((await download('/orders/deliveryTimeReport', admin, { status: '0' })).worksheets[0]);
    expect(none).toHaveLength(1);
  });
});

describe('streaming', () => {
  it('sends the first bytes before the last row is read, and the file parses', async () => {
    const many = 400;
    const rows = Array.from({ length: many }, (_, index) => ({
      sid: newSid(),
      orderNumber: `STREAM-${index}-${newSid().slice(0, 6)}`,
      accountSid: accountA.sid,
      name: `Customer ${index} with a fairly long name to fill the sheet`,
      address1: `${index} Some Long Street Name, Ward ${index % 17}`,
      city: 'Ho Chi Minh City',
      state: 'HCM',
      country: 'VN',
      postalCode: '700000',
      weight: 100 + index,
      vnd: '180000',
      usd: '7.5',
      barcode: `PS${String(index).padStart(10, '0')}${newSid().slice(0, 4)}`,
    }));
    await db.insert(orders).values(rows);
    const service = new OrderReportsService(db, new OrdersService(db, t.app.services.hookEvents), {
      batchSize: 20,
    });
    const actor = {
      userSid: null,
      apiKeySid: null,
      username: 'bench',
      role: Role.admin,
      accountSid: null,
      via: 'session',
    } as const;
    const file = service.report(actor, ListOrdersQuerySchema.parse({ filter: 'STREAM-' }));
    const chunks: Buffer[] = [];
    let readAtFirstChunk = -1;
    file.stream.on('data', (chunk: Buffer) => {
      if (readAtFirstChunk < 0) readAtFirstChunk = file.rowsRead();
      chunks.push(chunk);
    });
    const ended = new Promise((resolve) => file.stream.once('end', resolve));
    await file.done;
    await ended;
    expect(readAtFirstChunk).toBeGreaterThanOrEqual(0);
    expect(readAtFirstChunk).toBeLessThan(many);
    const sheetRows = rowsOf((await loadWorkbook(Buffer.concat(chunks))).worksheets[0]);
    expect(sheetRows).toHaveLength(many + 1);
  });
});

describe('reports in flight (issue 17)', () => {
  it('answers 503 with Retry-After over two reports at once, and takes the next when one ends', async () => {
    // Two reports being written: their slots taken as a running report takes them.
    const running = [takeReportSlot(), takeReportSlot()];
    try {
      for (const path of ['/orders/report', '/orders/deliveryTimeReport']) {
        const busy = await t.call('GET', path, { token: admin });
        expect(busy.statusCode).toBe(503);
        expect(busy.headers['retry-after']).toBe(String(REPORT_STREAMS.retryAfterSeconds));
        expect(englishBody(busy.json())).toEqual({
          msg: 'The server is busy writing other reports. Please try again in a few seconds.',
          code: 'BUSY',
        });
      }
      running.pop()?.();
      await download('/orders/report', admin);
      expect(reportsInFlight()).toBe(1);
    } finally {
      for (const release of running) release();
    }
    expect(reportsInFlight()).toBe(0);
  });

  it('never refuses a client that reads one report after another (issue 30: the slot comes back with the reply)', async () => {
    // Over a real socket, with one slot: each download starts the moment the previous one is read whole.
    REPORT_STREAMS.maxInFlight = 1;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (let round = 0; round < 40; round++) {
        const response = await fetch(`${address}/api/v1/orders/report`, {
          headers: { authorization: `Bearer ${admin}` },
        });
        expect(response.status, `round ${round}`).toBe(200);
        await response.arrayBuffer();
      }
    } finally {
      REPORT_STREAMS.maxInFlight = 2;
    }
  });

  it('gives the slot back when the client goes away midway', async () => {
    const service = new OrderReportsService(db, new OrdersService(db, t.app.services.hookEvents), {
      batchSize: 5,
    });
    const actor = {
      userSid: null,
      apiKeySid: null,
      username: 'gone',
      role: Role.admin,
      accountSid: null,
      via: 'session',
    } as const;
    const file = service.report(actor, ListOrdersQuerySchema.parse({}));
    expect(reportsInFlight()).toBe(1);
    file.stream.destroy();
    await expect(file.done).rejects.toThrow();
    expect(reportsInFlight()).toBe(0);
  });
});

describe('delivery time arithmetic', () => {
  it('computes hours, ISO weeks and interpolated percentiles', () => {
    expect(hoursBetween(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T01:20:00Z'))).toBe(1.33);
    expect(hoursBetween(null, new Date())).toBeNull();
    expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2026-01-01T00:00:00Z'))).toBe('2026-W01');
    expect(isoWeek(new Date('2024-12-30T00:00:00Z'))).toBe('2025-W01');
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([10], 0.9)).toBe(10);
    expect(summarize([48, 96, 96])).toEqual({ average: 80, median: 96, p90: 96 });
    expect(summarize([])).toEqual({ average: null, median: null, p90: null });
  });
});
