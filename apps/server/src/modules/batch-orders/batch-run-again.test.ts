import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settledBatch } from '../../../test/batch-jobs.ts';
import { balanceOf, createSellerAccount, ledgerOf, orderBody } from '../../../test/order-fixtures.ts';
import { orderRow, orderSheet } from '../../../test/order-sheets.ts';
import { unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { multipart } from '../../../test/workbooks.ts';
import { orders } from '../orders/orders.table.ts';

const { t, admin, operator, accountB, sellerA, sellerB, keyA } = await openTestWorld({
  orderAccounts: true,
  workers: true,
});

function create(token: string, file: Buffer, fields: Record<string, string> = {}) {
  return t.call('POST', '/batch_orders', {
    token,
    body: multipart({ name: unique('Run batch '), ...fields }, { buffer: file, name: 'orders.xlsx' }),
  });
}

const run = (sid: string, token: string) => t.call('POST', `/batch_orders/${sid}/run`, { token });

/** The batch once its job has left it (success, failed, or checked: initiated). */
const settled = (sid: string, token = admin) =>
  settledBatch(t, sid, token, { statuses: ['success', 'failed', 'initiated'] });

const ordersOfBatch = (batchSid: string) =>
  t.database.db.select().from(orders).where(eq(orders.batchSid, batchSid));

/** An account on credit (VND) holding `topup`, and its seller; each order of orderRow costs 180,000 VND. */
const creditSeller = (topup: number) =>
  createSellerAccount(t, admin, { use_credit: true, credit_unit: 'VND', topup });

describe('POST /batch_orders/{sid}/run', () => {
  it('runs a batch that failed on credit again after a top-up: placed once, charged once, without a new upload', async () => {
    const { account, seller } = await creditSeller(300_000);
    const prefix = unique('RA-');
    const created = await create(seller, await orderSheet([orderRow(`${prefix}1`), orderRow(`${prefix}2`)]));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 'in-progress', check_only: false, quote: null, runs: 1 });
    const failed = await settled(created.json().sid, seller);
    expect(failed).toMatchObject({ status: 'failed', orders: 0, problem_count: 0 });
    expect(failed.reason_text).toEqual({
      key: 'batch.creditShort',
      params: { balance: '300,000 VND', cost: '360,000 VND' },
    });

    const topup = await t.call('PUT', `/accounts/${account.sid}`, { token: admin, body: { topup: 100_000 } });
    expect(topup.statusCode, topup.body).toBe(200);

    const again = await run(failed.sid, seller);
    expect(again.statusCode, again.body).toBe(202);
    // The last run's outcome is gone: in progress again, one more run.
    expect(again.json()).toMatchObject({
      status: 'in-progress',
      reason: null,
      reason_text: null,
      problems: [],
      finished_at: null,
      runs: 2,
    });
    const placed = await settled(failed.sid, seller);
    expect(placed).toMatchObject({ status: 'success', orders: 2, total_charge: 360_000, runs: 2 });
    const made = await ordersOfBatch(failed.sid);
    expect(made.map((order) => order.orderNumber).sort()).toEqual([`${prefix}1`, `${prefix}2`]);
    expect(await balanceOf(t, admin, account.sid)).toBe(40_000);
    const charges = (await ledgerOf(t, account.sid)).filter((entry) => entry.kind === 'order_charge');
    expect(charges).toHaveLength(2);

    // Succeeded: refused, and nothing changes.
    const twice = await run(failed.sid, seller);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'BATCH_NOT_RUNNABLE',
      key: 'batch.notRunnableDone',
      msg: 'This batch is Processed: its orders are already placed, so it cannot be run again.',
    });
    expect(await ordersOfBatch(failed.sid)).toHaveLength(2);
    expect((await settled(failed.sid)).runs).toBe(2);
  });

  it('refuses a batch already running: of two clicks at once, one runs it and the other is told', async () => {
    const { account, seller } = await creditSeller(100_000);
    const prefix = unique('RB-');
    const created = await create(seller, await orderSheet([orderRow(`${prefix}1`)]));
    const failed = await settled(created.json().sid, seller);
    expect(failed.status).toBe('failed');
    await t.call('PUT', `/accounts/${account.sid}`, { token: admin, body: { topup: 100_000 } });

    const answers = await Promise.all([run(failed.sid, seller), run(failed.sid, seller)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toMatchObject({
      code: 'BATCH_NOT_RUNNABLE',
      key: 'batch.notRunnableRunning',
      msg: expect.stringMatching(/^This batch is Processing/),
    });
    const placed = await settled(failed.sid, seller);
    expect(placed).toMatchObject({ status: 'success', orders: 1, runs: 2 });
    expect(await ordersOfBatch(failed.sid)).toHaveLength(1);
  });

  it('runs a batch that failed on its rows again, and it fails the same way', async () => {
    const created = await create(sellerA.token, await orderSheet([orderRow(unique('RC-'), { city: '' })]));
    const failed = await settled(created.json().sid, sellerA.token);
    expect(failed).toMatchObject({ status: 'failed', problem_count: 1 });
    expect((await run(failed.sid, sellerA.token)).statusCode).toBe(202);
    const again = await settled(failed.sid, sellerA.token);
    expect(again).toMatchObject({ status: 'failed', problem_count: 1, runs: 2 });
    expect(again.problems).toEqual(failed.problems);
    expect(await ordersOfBatch(failed.sid)).toHaveLength(0);
  });

  it("is each account's own: another account's batch is not found; staff run any; keys run their own", async () => {
    const created = await create(sellerB.token, await orderSheet([orderRow(unique('RD-'), { city: '' })]));
    const failed = await settled(created.json().sid, sellerB.token);
    expect(failed.status).toBe('failed');
    for (const token of [sellerA.token, keyA]) {
      const refused = await run(failed.sid, token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('NOT_FOUND');
    }
    expect((await run('no-such-batch', admin)).statusCode).toBe(404);
    expect((await settled(failed.sid)).runs).toBe(1);

    const byOperator = await run(failed.sid, operator.token);
    expect(byOperator.statusCode, byOperator.body).toBe(202);
    expect(byOperator.json().account_sid).toBe(accountB.sid);
    expect((await settled(failed.sid)).runs).toBe(2);
    expect((await run(failed.sid, admin)).statusCode).toBe(202);
    expect((await settled(failed.sid)).runs).toBe(3);

    const own = await create(keyA, await orderSheet([orderRow(unique('RE-'), { city: '' })]));
    await settled(own.json().sid);
    expect((await run(own.json().sid, keyA)).statusCode).toBe(202);
    await settled(own.json().sid);
  });
});

describe('POST /batch_orders with check_only', () => {
  it('prices every row and places nothing: no orders, no ledger rows; then "Place orders" places it once', async () => {
    const { account, seller } = await creditSeller(1_000_000);
    const prefix = unique('CK-');
    const ledgerBefore = (await ledgerOf(t, account.sid)).length;
    const created = await create(
      seller,
      await orderSheet([
        orderRow(`${prefix}1`),
        orderRow(`${prefix}2`),
        orderRow(`${prefix}3`, { itemWeight: 900 }),
      ]),
      { check_only: 'true' },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 'in-progress', check_only: true, quote: null });

    const checked = await settled(created.json().sid, seller);
    expect(checked).toMatchObject({
      status: 'initiated',
      check_only: true,
      orders: 0,
      total_charge: 0,
      reason: null,
      problem_count: 0,
      // 180,000 + 180,000 + 250,000 VND against the 1,000,000 held.
      quote: { orders: 3, cost: 610_000, unit: 'VND', balance: 1_000_000 },
    });
    expect(checked.finished_at).not.toBeNull();
    expect(await ordersOfBatch(checked.sid)).toHaveLength(0);
    expect((await ledgerOf(t, account.sid)).length).toBe(ledgerBefore);
    expect(await balanceOf(t, admin, account.sid)).toBe(1_000_000);
    // Nothing to print before it is placed.
    expect((await t.call('GET', `/labels/${checked.sid}`, { token: seller })).statusCode).toBe(409);

    const place = await run(checked.sid, seller);
    expect(place.statusCode, place.body).toBe(202);
    expect(place.json()).toMatchObject({ status: 'in-progress', check_only: false, quote: null, runs: 2 });
    const placed = await settled(checked.sid, seller);
    expect(placed).toMatchObject({ status: 'success', orders: 3, total_charge: 610_000 });
    expect(await ordersOfBatch(checked.sid)).toHaveLength(3);
    expect(await balanceOf(t, admin, account.sid)).toBe(390_000);
    expect((await run(checked.sid, seller)).statusCode).toBe(409);
  });

  it('names every problem at once: bad rows and an order number the account has used', async () => {
    const { seller } = await creditSeller(1_000_000);
    const prefix = unique('CP-');
    const existing = await t.call('POST', '/orders', {
      token: seller,
      body: orderBody({ orderNumber: `${prefix}1` }),
    });
    expect(existing.statusCode, existing.body).toBe(201);
    const created = await create(
      seller,
      await orderSheet([
        orderRow(`${prefix}1`),
        orderRow(`${prefix}2`, { city: '' }),
        orderRow(`${prefix}3`),
      ]),
      { check_only: 'true' },
    );
    const checked = await settled(created.json().sid, seller);
    expect(checked).toMatchObject({ status: 'failed', quote: null, problem_count: 2 });
    expect(checked.problems).toEqual([
      expect.objectContaining({
        row: 2,
        column: 'orderNumber',
        value: `${prefix}1`,
        key: 'orders.numberTaken',
      }),
      expect.objectContaining({ row: 3, column: 'city', value: null }),
    ]);
    expect(await ordersOfBatch(checked.sid)).toHaveLength(0);
  });

  it('fails on a balance short of the cost, naming both, and charges nothing', async () => {
    const { account, seller } = await creditSeller(200_000);
    const prefix = unique('CS-');
    const ledgerBefore = (await ledgerOf(t, account.sid)).length;
    const created = await create(seller, await orderSheet([orderRow(`${prefix}1`), orderRow(`${prefix}2`)]), {
      check_only: 'true',
    });
    const checked = await settled(created.json().sid, seller);
    expect(checked).toMatchObject({ status: 'failed', quote: null });
    expect(checked.reason_text).toEqual({
      key: 'batch.creditShort',
      params: { balance: '200,000 VND', cost: '360,000 VND' },
    });
    expect((await ledgerOf(t, account.sid)).length).toBe(ledgerBefore);
    expect(await ordersOfBatch(checked.sid)).toHaveLength(0);
  });

  it('quotes an account that does not order on credit with no balance', async () => {
    const created = await create(sellerA.token, await orderSheet([orderRow(unique('CN-'))]), {
      check_only: 'true',
    });
    const checked = await settled(created.json().sid, sellerA.token);
    expect(checked).toMatchObject({
      status: 'initiated',
      quote: { orders: 1, cost: 180_000, unit: 'VND', balance: null },
    });
  });
});
