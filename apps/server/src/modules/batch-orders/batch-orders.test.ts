/**
 * Batch orders end to end through the API with the job workers running in the test's process: a batch is
 * answered at once in progress, then placed whole (orders carry its sid, charges in the ledger) or failed with
 * every bad row named, and no orders and no charge.
 */
import type { Order } from '@parcelops/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settledBatch } from '../../../test/batch-jobs.ts';
import { balanceOf, createSellerAccount, ledgerSum, onCredit } from '../../../test/order-fixtures.ts';
import { ORDER_SHEET_HEADERS, orderRow, orderSheet } from '../../../test/order-sheets.ts';
import { unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { emptyWorkbook, multipart, readXlsx, xlsx } from '../../../test/workbooks.ts';
import { pdfText } from '../../lib/pdf/pdf-text.ts';
import { orders } from '../orders/orders.table.ts';

const { t, admin, operator, accountA, accountB, sellerA, sellerB, keyA } = await openTestWorld({
  orderAccounts: true,
  workers: true,
});

const NOT_XLSX = 'The file is not an Excel workbook (.xlsx). Please upload the provided template.';

function create(token: string, file: Buffer, fields: Record<string, string> = {}) {
  return t.call('POST', '/batch_orders', {
    token,
    body: multipart({ name: unique('Night batch '), ...fields }, { buffer: file, name: 'orders.xlsx' }),
  });
}

/** The batch once its job has finished it (success or failed). */
const finished = (sid: string, token = admin) => settledBatch(t, sid, token);

const ordersOfBatch = (batchSid: string) =>
  t.database.db.select().from(orders).where(eq(orders.batchSid, batchSid));

describe('POST /batch_orders', () => {
  it('answers at once in progress, then places every order with the batch sid, priced and charged', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit(1_000_000));
    const prefix = unique('B-');
    const file = await orderSheet([
      orderRow(`${prefix}1`),
      orderRow(`${prefix}2`, { name: 'Nguyễn Văn Đức' }),
      orderRow(`${prefix}2`, { name: '', skuNumber: 'SKU-2', itemWeight: 50 }),
    ]);
    const response = await create(seller, file);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ status: 'in-progress', rows: 3, orders: 0, account_sid: account.sid });

    const batch = await finished(created.sid, seller);
    expect(batch).toMatchObject({ status: 'success', reason: null, orders: 2, problem_count: 0 });
    const placed = await ordersOfBatch(created.sid);
    expect(placed.map((order) => order.orderNumber).sort()).toEqual([`${prefix}1`, `${prefix}2`]);
    // 400 g each: 180,000 VND (450 g for the two-item order: still 180,000).
    expect(batch.total_charge).toBe(360_000);
    expect(await balanceOf(t, admin, account.sid)).toBe(640_000);
    expect(await ledgerSum(t, account.sid)).toBe(640_000);

    const list = await t.call('GET', '/orders', { token: seller, query: { batch_sid: created.sid } });
    expect(list.json().total).toBe(2);
    const view: Order = (await t.call('GET', `/orders/${placed[0]?.sid}`, { token: seller })).json();
    expect(view).toMatchObject({ batch_sid: created.sid, batch_name: created.name });
  });

  it('fails naming every bad row (row, column, value, why), places nothing and charges nothing', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit(1_000_000));
    const prefix = unique('BAD-');
    const file = await orderSheet([
      orderRow(`${prefix}1`),
      orderRow(`${prefix}2`, { city: '' }),
      orderRow(`${prefix}3`, { quantity: 'two' }),
      orderRow(`${prefix}4`),
    ]);
    const response = await create(seller, file);
    expect(response.statusCode, response.body).toBe(201);
    const batch = await finished(response.json().sid, seller);
    expect(batch.status).toBe('failed');
    expect(batch.problem_count).toBe(2);
    expect(batch.problems).toEqual([
      expect.objectContaining({ row: 3, column: 'city', value: null, msg: expect.stringMatching(/city/i) }),
      expect.objectContaining({ row: 4, column: 'quantity', value: 'two', msg: expect.any(String) }),
    ]);
    // Every row's problem carries its catalogue text too, for the web to show in its language.
    for (const problem of batch.problems) expect(problem.key).toEqual(expect.any(String));
    expect(batch.reason).toMatch(/^2 rows have problems; nothing was placed\. Row 3, column city/);
    expect(batch.reason_text).toEqual({ key: 'batch.rowsHaveProblems', params: { count: 2 } });
    expect(await ordersOfBatch(batch.sid)).toHaveLength(0);
    expect(await balanceOf(t, admin, account.sid)).toBe(1_000_000);

    const sheet = await t.call('GET', `/batch_orders/${batch.sid}/errors`, { token: seller });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-disposition']).toContain('_errors.xlsx');
    const rows = await readXlsx(sheet.rawPayload);
    const header = rows[0] as string[];
    expect(header.at(-1)).toBe('Error');
    expect(rows).toHaveLength(5);
    const errorOf = (row: number) => (rows[row] as unknown[])[header.length - 1] ?? null;
    expect(errorOf(1)).toBeNull();
    expect(String(errorOf(2))).toMatch(/^city: /);
    expect(String(errorOf(3))).toMatch(/^quantity: /);
    expect(errorOf(4)).toBeNull();
  });

  it('reads the declared value and origin columns: a bad cell fails the batch, good ones reach the items', async () => {
    const { seller } = await createSellerAccount(t, admin);
    const prefix = unique('BC-');
    const sheet = (origin: string) =>
      xlsx([
        [...ORDER_SHEET_HEADERS, 'declaredValue', 'originCountry'],
        [...orderRow(`${prefix}1`), 15.5, 'cn'],
        [...orderRow(`${prefix}1`, { skuNumber: 'SKU-2', itemWeight: 50 }), '', origin],
      ]);
    const bad = await finished((await create(seller, await sheet('XX'))).json().sid, seller);
    expect(bad).toMatchObject({ status: 'failed', problem_count: 1 });
    expect(bad.problems).toEqual([
      expect.objectContaining({
        row: 3,
        column: 'originCountry',
        value: 'XX',
        msg: 'Origin country XX is not an ISO 3166 country code',
      }),
    ]);

    const good = await finished((await create(seller, await sheet(''))).json().sid, seller);
    expect(good.status).toBe('success');
    const [placed] = await ordersOfBatch(good.sid);
    const view: Order = (await t.call('GET', `/orders/${placed?.sid}`, { token: seller })).json();
    expect(view.items.map((item) => [item.skuNumber, item.declaredValue, item.originCountry])).toEqual([
      ['SKU-1', 15.5, 'CN'],
      ['SKU-2', null, 'VN'],
    ]);
  });

  it('fails when the credit cannot cover the whole batch, saying the balance and the cost', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit(300_000));
    const prefix = unique('CR-');
    const response = await create(seller, await orderSheet([orderRow(`${prefix}1`), orderRow(`${prefix}2`)]));
    const batch = await finished(response.json().sid, seller);
    expect(batch.status).toBe('failed');
    expect(batch.reason).toContain('The credit balance (300,000 VND) cannot cover this batch (360,000 VND)');
    expect(batch.reason_text).toEqual({
      key: 'batch.creditShort',
      params: { balance: '300,000 VND', cost: '360,000 VND' },
    });
    expect(await ordersOfBatch(batch.sid)).toHaveLength(0);
    expect(await balanceOf(t, admin, account.sid)).toBe(300_000);
    expect(await ledgerSum(t, account.sid)).toBe(300_000);
  });

  it('fails on an order number the account already has, naming its row', async () => {
    const prefix = unique('DUP-');
    const first = await create(sellerA.token, await orderSheet([orderRow(`${prefix}1`)]));
    expect((await finished(first.json().sid)).status).toBe('success');
    const second = await create(
      sellerA.token,
      await orderSheet([orderRow(`${prefix}2`), orderRow(`${prefix}1`)]),
    );
    const batch = await finished(second.json().sid);
    expect(batch).toMatchObject({ status: 'failed', orders: 0 });
    expect(batch.problems).toEqual([
      {
        row: 3,
        column: 'orderNumber',
        value: `${prefix}1`,
        msg: `Order number ${prefix}1 already exists in this account.`,
        key: 'orders.numberTaken',
        params: { orderNumber: `${prefix}1` },
      },
    ]);
  });

  it('places two batches of the same file at once each all or nothing, no order number twice', async () => {
    const prefix = unique('TWIN-');
    const file = await orderSheet([orderRow(`${prefix}1`), orderRow(`${prefix}2`), orderRow(`${prefix}3`)]);
    const [one, two] = await Promise.all([create(sellerA.token, file), create(sellerA.token, file)]);
    const outcomes = await Promise.all([finished(one.json().sid), finished(two.json().sid)]);
    expect(outcomes.map((batch) => batch.status).sort()).toEqual(['failed', 'success']);
    const all = await t.database.db.select().from(orders).where(eq(orders.accountSid, accountA.sid));
    expect(all.filter((order) => order.orderNumber.startsWith(prefix))).toHaveLength(3);
  });

  it('checks the file before answering: not an xlsx, empty, no orders, columns, name', async () => {
    const notXlsx = await create(sellerA.token, Buffer.from('orderNumber,name\n1,a\n'));
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().msg).toBe(NOT_XLSX);
    const empty = await create(sellerA.token, await emptyWorkbook());
    expect(empty.statusCode).toBe(400);
    const headerOnly = await create(sellerA.token, await orderSheet([]));
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().msg).toBe('The sheet has headers but no rows.');
    const noName = await t.call('POST', '/batch_orders', {
      token: sellerA.token,
      body: multipart({ name: '  ' }, { buffer: await orderSheet([orderRow('X')]) }),
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ msg: 'Batch name is required', details: [{ path: 'name' }] });
    const longName = await create(sellerA.token, await orderSheet([orderRow('X')]), {
      name: 'n'.repeat(101),
    });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().details[0].path).toBe('name');
    const noFile = await t.call('POST', '/batch_orders', {
      token: sellerA.token,
      body: multipart({ name: 'No file' }),
    });
    expect(noFile.statusCode).toBe(400);
  });

  it('refuses more than 50,000 rows before storing anything', async () => {
    // Rows of one cell each: the count alone refuses the sheet, and a small workbook keeps the test quick.
    const rows = Array.from({ length: 50_001 }, (_, index) => [`MANY-${index}`]);
    const response = await create(sellerA.token, await orderSheet(rows));
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(
      'The sheet has more than 50,000 rows. Please split it into smaller files.',
    );
  });

  it('lets staff choose the account, and holds account users and keys to their own', async () => {
    const file = await orderSheet([orderRow(unique('ACC-'))]);
    const byOperator = await create(operator.token, file, { account_sid: accountB.sid });
    expect(byOperator.statusCode, byOperator.body).toBe(201);
    expect(byOperator.json().account_sid).toBe(accountB.sid);
    expect((await create(sellerA.token, file, { account_sid: accountB.sid })).statusCode).toBe(403);
    const byKey = await create(keyA, await orderSheet([orderRow(unique('KEY-'))]));
    expect(byKey.statusCode).toBe(201);
    expect(byKey.json().account_sid).toBe(accountA.sid);
    const noAccount = await create(admin, file);
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().details[0].path).toBe('account_sid');
  });
});

describe('GET /batch_orders', () => {
  it("lists the caller's batches newest first, filtered by account, name and date; others' are not found", async () => {
    const name = unique('Listed ');
    const response = await create(sellerB.token, await orderSheet([orderRow(unique('L-'))]), { name });
    const sid = response.json().sid;
    const own = await t.call('GET', '/batch_orders', { token: sellerB.token, query: { filter: name } });
    expect(own.json()).toMatchObject({ total: 1, data: [{ sid, name, account_sid: accountB.sid }] });
    const all = await t.call('GET', '/batch_orders', { token: sellerB.token });
    expect(
      all.json().data.every((batch: { account_sid: string }) => batch.account_sid === accountB.sid),
    ).toBe(true);
    const staff = await t.call('GET', '/batch_orders', {
      token: admin,
      query: { account_sid: accountB.sid, filter: name.toUpperCase() },
    });
    expect(staff.json().total).toBe(1);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = await t.call('GET', '/batch_orders', { token: admin, query: { from_date: tomorrow } });
    expect(later.json().total).toBe(0);
    expect((await t.call('GET', `/batch_orders/${sid}`, { token: sellerA.token })).statusCode).toBe(404);
    expect((await t.call('GET', `/batch_orders/${sid}`, { token: keyA })).statusCode).toBe(404);
    expect((await t.call('GET', `/batch_orders/${sid}/errors`, { token: sellerA.token })).statusCode).toBe(
      404,
    );
    await finished(sid);
  });

  it('offers the template with the import columns', async () => {
    const response = await t.call('GET', '/batch_orders/template', { token: sellerA.token });
    expect(response.statusCode).toBe(200);
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]).toContain('orderNumber');
    expect(rows).toHaveLength(3);
  });
});

describe('GET /labels/{sid} and GET /report/{sid}', () => {
  it("print a succeeded batch's labels, a page an order, and its summary, Vietnamese names with their accents", async () => {
    const prefix = unique('PDF-');
    const name = unique('Đợt hàng ');
    const response = await create(
      sellerA.token,
      await orderSheet([
        orderRow(`${prefix}1`, { name: 'Nguyễn Văn Đức' }),
        orderRow(`${prefix}2`),
        orderRow(`${prefix}3`, { itemWeight: 900 }),
      ]),
      { name },
    );
    const batch = await finished(response.json().sid, sellerA.token);
    expect(batch.status).toBe('success');

    const labels = await t.call('GET', `/labels/${batch.sid}`, { token: sellerA.token });
    expect(labels.statusCode).toBe(200);
    expect(labels.headers['content-type']).toBe('application/pdf');
    expect(labels.headers['content-disposition']).toContain('_labels.pdf');
    const labelText = await pdfText(labels.rawPayload);
    expect(labelText.pages).toHaveLength(3);
    expect(labelText.pages.join('\n')).toContain('Nguyễn Văn Đức');

    const report = await t.call('GET', `/report/${batch.sid}`, { token: keyA });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toMatch(/^inline; /);
    expect(report.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(name)}.pdf`,
    );
    const text = (await pdfText(report.rawPayload)).pages.join('\n');
    expect(text).toContain(name);
    expect(text).toContain('Nguyễn Văn Đức');
    // 180,000 + 180,000 + 250,000 VND; 0.40 + 0.40 + 0.90 kg.
    expect(text).toContain('610,000 VND');
    expect(text).toContain('1.70');
    for (const order of [`${prefix}1`, `${prefix}2`, `${prefix}3`]) expect(text).toContain(order);
  });

  it("refuses a batch that has not succeeded, and another account's", async () => {
    const response = await create(sellerA.token, await orderSheet([orderRow(unique('NP-'), { city: '' })]));
    const batch = await finished(response.json().sid, sellerA.token);
    expect(batch.status).toBe('failed');
    const labels = await t.call('GET', `/labels/${batch.sid}`, { token: sellerA.token });
    expect(labels.statusCode).toBe(409);
    expect(labels.json()).toEqual({
      msg: 'This batch failed: it has no orders. Fix the file and upload it as a new batch.',
      code: 'CONFLICT',
      key: 'batch.failedHasNoOrders',
    });
    expect((await t.call('GET', `/report/${batch.sid}`, { token: sellerB.token })).statusCode).toBe(404);
  });
});
