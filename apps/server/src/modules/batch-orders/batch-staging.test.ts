/**
 * A batch placed a chunk per transaction (batch-staging.ts) stays all or nothing: while it runs nobody sees its
 * orders or its charges, whatever ends it early (a crash between chunks, an order number taken before the last
 * chunk, credit gone before the commit) leaves none of them, and a crashed attempt's retry places each order
 * once.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { settledBatch } from '../../../test/batch-jobs.ts';
import {
  balanceOf,
  createOrder,
  createSellerAccount,
  ledgerSum,
  onCredit,
} from '../../../test/order-fixtures.ts';
import { orderRow, orderSheet } from '../../../test/order-sheets.ts';
import { unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { loadWorkbook, multipart } from '../../../test/workbooks.ts';
import { creditLedgerRepository } from '../accounts/credit-ledger.repository.ts';
import { creditLedger } from '../accounts/credit-ledger.table.ts';
import { orders } from '../orders/orders.table.ts';
import { batchOrdersRepository } from './batch-orders.repository.ts';
import { batchOrders } from './batch-orders.table.ts';
import { STAGING } from './batch-staging.ts';

const { t, admin } = await openTestWorld({ orderAccounts: true, workers: true });

/** Several chunks on either database (PGlite's first chunks are 50 orders, PostgreSQL's 500). */
const ORDERS = 1_200;
/** 400 g a parcel: 180,000 VND each. */
const EACH = 180_000;

afterEach(() => {
  STAGING.afterChunk = undefined;
  STAGING.beforeCommit = undefined;
});

/** The account's ledger in seq order runs: each row's balance after is the one before plus its amount. */
async function ledgerRuns(accountSid: string): Promise<boolean> {
  const rows = await t.database.db
    .select({ amount: creditLedger.amount, after: creditLedger.balanceAfter })
    .from(creditLedger)
    .where(eq(creditLedger.accountSid, accountSid))
    .orderBy(asc(creditLedger.seq));
  let balance = 0;
  for (const row of rows) {
    balance = Math.round(balance * 100 + Number(row.amount) * 100) / 100;
    if (balance !== Number(row.after)) return false;
  }
  return true;
}

async function upload(token: string, prefix: string) {
  const sheet = Array.from({ length: ORDERS }, (_, index) => orderRow(`${prefix}${index}`));
  const created = await t.call('POST', '/batch_orders', {
    token,
    body: multipart({ name: unique('Staged ') }, { buffer: await orderSheet(sheet), name: 'orders.xlsx' }),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().sid as string;
}

const finished = (sid: string, token: string) => settledBatch(t, sid, token, { timeoutMs: 120_000 });

/** Every order row of the account, staged or not, straight from the table. */
async function rowsOf(accountSid: string): Promise<number> {
  const [row] = await t.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.accountSid, accountSid));
  return Number(row?.count ?? 0);
}

/** What the account's seller and an admin are shown of its orders: lists, totals, statistics, report rows. */
async function whatIsShown(seller: string, accountSid: string, batchSid: string) {
  const list = (query: Record<string, string>, token = seller) =>
    t.call('GET', '/orders', { token, query }).then((response) => response.json().total);
  const report = await t.call('GET', '/orders/report', { token: seller });
  const reportRows = (await loadWorkbook(report.rawPayload)).worksheets[0]?.rowCount;
  return {
    seller: await list({}),
    batch: await list({ batch_sid: batchSid }),
    searched: await list({ filter: 'ST-' }),
    admin: await list({ account_sid: accountSid }, admin),
    statistic: (await t.call('GET', '/orders/statistic', { token: seller })).json(),
    reportRows,
    balance: await balanceOf(t, admin, accountSid),
  };
}

// Each test waits on its batch for up to the wait above, so Vitest's limit sits beyond it: on a busy machine
// the wait decides, with its own message, rather than a bare timeout.
describe('a batch placed in staged chunks', { timeout: 150_000 }, () => {
  it('shows none of its orders or charges while it runs, then all of them at once', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit((ORDERS + 1) * EACH));
    await createOrder(t, seller, { orderNumber: unique('ST-ONE-') });
    const before = await whatIsShown(seller, account.sid, 'none');
    let during: Awaited<ReturnType<typeof whatIsShown>> | undefined;
    let staged = 0;
    let stagedLookup = 0;
    const sid = await upload(seller, unique('ST-'));
    STAGING.afterChunk = async (count) => {
      if (during || count < 100) return;
      staged = (await rowsOf(account.sid)) - 1;
      during = await whatIsShown(seller, account.sid, sid);
      const [row] = await t.database.db
        .select({ sid: orders.sid, barcode: orders.barcode })
        .from(orders)
        .where(and(eq(orders.accountSid, account.sid), eq(orders.batchSid, sid)))
        .limit(1);
      const one = await t.call('GET', `/orders/${row?.sid}`, { token: seller });
      const tracked = await t.call('GET', '/tracking', { query: { filter: row?.barcode ?? '' } });
      stagedLookup = one.statusCode + tracked.statusCode;
    };
    const batch = await finished(sid, seller);
    expect(batch).toMatchObject({ status: 'success', orders: ORDERS });
    expect(staged).toBeGreaterThanOrEqual(100);
    expect(during).toEqual({ ...before, batch: 0 });
    // Neither the order view nor the public tracking page finds a staged order.
    expect(stagedLookup).toBe(404 + 404);
    const after = await whatIsShown(seller, account.sid, sid);
    expect(after).toMatchObject({ seller: ORDERS + 1, batch: ORDERS, admin: ORDERS + 1, balance: 0 });
    expect(after.reportRows).toBe((before.reportRows ?? 0) + ORDERS);
    expect(await ledgerSum(t, account.sid)).toBe(after.balance);
  });

  it('places each order once after a crash between chunks, removing what the first attempt staged', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit(ORDERS * EACH));
    let attempts = 0;
    let stagedAtCrash = 0;
    let shownAtCrash = -1;
    STAGING.afterChunk = async (count) => {
      // The first attempt dies after its second chunk; the job's retry runs unhindered.
      if (attempts++ !== 1) return;
      stagedAtCrash = await rowsOf(account.sid);
      shownAtCrash = (await t.call('GET', '/orders', { token: seller })).json().total;
      expect(count).toBe(stagedAtCrash);
      throw new Error('The worker died here.');
    };
    const sid = await upload(seller, unique('CR-'));
    const batch = await finished(sid, seller);
    expect(batch).toMatchObject({ status: 'success', orders: ORDERS, total_charge: ORDERS * EACH });
    expect(stagedAtCrash).toBeGreaterThan(0);
    expect(shownAtCrash).toBe(0);
    expect(await rowsOf(account.sid)).toBe(ORDERS);
    const [numbers] = await t.database.db
      .select({ distinct: sql<number>`count(distinct ${orders.orderNumber})::int` })
      .from(orders)
      .where(eq(orders.accountSid, account.sid));
    expect(numbers?.distinct).toBe(ORDERS);
    expect(await balanceOf(t, admin, account.sid)).toBe(0);
    expect(await ledgerSum(t, account.sid)).toBe(0);
  });

  it('fails naming the row whose number was taken before its chunk, with no orders and no charge left', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit((ORDERS + 1) * EACH));
    const prefix = unique('TK-');
    const lastNumber = `${prefix}${ORDERS - 1}`;
    STAGING.afterChunk = async () => {
      if (STAGING.afterChunk === undefined) return;
      // Another call places the batch's last order number while the first chunks are staged.
      STAGING.afterChunk = undefined;
      await createOrder(t, seller, { orderNumber: lastNumber });
    };
    const sid = await upload(seller, prefix);
    const batch = await finished(sid, seller);
    expect(batch).toMatchObject({ status: 'failed', orders: 0, total_charge: 0 });
    // The header is row 1: the last order sits on row ORDERS + 1.
    expect(batch.problems).toEqual([
      expect.objectContaining({ row: ORDERS + 1, column: 'orderNumber', value: lastNumber }),
    ]);
    expect(await rowsOf(account.sid)).toBe(1);
    expect(await balanceOf(t, admin, account.sid)).toBe(ORDERS * EACH);
    expect(await ledgerSum(t, account.sid)).toBe(ORDERS * EACH);
  });

  it('fails on credit taken away before the commit, with no orders and no charge left', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit(ORDERS * EACH));
    STAGING.afterChunk = async () => {
      if (STAGING.afterChunk === undefined) return;
      STAGING.afterChunk = undefined;
      const taken = await t.call('PUT', `/accounts/${account.sid}`, {
        token: admin,
        body: { topup: -EACH },
      });
      expect(taken.statusCode, taken.body).toBe(200);
    };
    const sid = await upload(seller, unique('CS-'));
    const batch = await finished(sid, seller);
    expect(batch).toMatchObject({ status: 'failed', orders: 0 });
    expect(batch.reason_text?.key, batch.reason ?? '').toBe('batch.creditShort');
    expect(await rowsOf(account.sid)).toBe(0);
    expect(await balanceOf(t, admin, account.sid)).toBe((ORDERS - 1) * EACH);
    expect(await ledgerSum(t, account.sid)).toBe((ORDERS - 1) * EACH);
  });

  it('writes its charges ahead, hidden, and writes them again when another charge came before the commit', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit((ORDERS + 1) * EACH));
    let shownAhead = -1;
    let balanceAhead = -1;
    STAGING.beforeCommit = async () => {
      // The batch's charges are in the ledger now, hidden: the credit report and the balance do not have them.
      const day = 86_400_000;
      const entries = await creditLedgerRepository.entries(
        t.database.db,
        account.sid,
        new Date(Date.now() - day),
        new Date(Date.now() + day),
      );
      shownAhead = entries.length;
      balanceAhead = await balanceOf(t, admin, account.sid);
      // A charge of the account's own between the charges written ahead and the commit.
      await createOrder(t, seller, { orderNumber: unique('AH-ONE-') });
    };
    const sid = await upload(seller, unique('AH-'));
    const batch = await finished(sid, seller);
    expect(batch).toMatchObject({ status: 'success', orders: ORDERS, total_charge: ORDERS * EACH });
    expect(shownAhead).toBe(1);
    expect(balanceAhead).toBe((ORDERS + 1) * EACH);
    expect(await balanceOf(t, admin, account.sid)).toBe(0);
    expect(await ledgerSum(t, account.sid)).toBe(0);
    expect(await ledgerRuns(account.sid)).toBe(true);
  });

  it('commits with the charges written ahead when nothing else moved the balance', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit(ORDERS * EACH));
    const sid = await upload(seller, unique('AQ-'));
    expect(await finished(sid, seller)).toMatchObject({ status: 'success', orders: ORDERS });
    const [charged] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.batchSid, sid));
    expect(charged?.count).toBe(ORDERS);
    expect(await balanceOf(t, admin, account.sid)).toBe(0);
    expect(await ledgerSum(t, account.sid)).toBe(0);
    expect(await ledgerRuns(account.sid)).toBe(true);
  });

  it('charges each order once after a crash with its charges written ahead', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit(ORDERS * EACH));
    let crashed = false;
    STAGING.beforeCommit = async () => {
      if (crashed) return;
      crashed = true;
      throw new Error('The worker died here.');
    };
    const sid = await upload(seller, unique('AC-'));
    expect(await finished(sid, seller)).toMatchObject({ status: 'success', orders: ORDERS });
    expect(crashed).toBe(true);
    const [charged] = await t.database.db
      .select({
        count: sql<number>`count(*)::int`,
        orders: sql<number>`count(distinct ${creditLedger.orderSid})::int`,
      })
      .from(creditLedger)
      .where(and(eq(creditLedger.accountSid, account.sid), eq(creditLedger.kind, 'order_charge')));
    expect(charged).toEqual({ count: ORDERS, orders: ORDERS });
    expect(await balanceOf(t, admin, account.sid)).toBe(0);
    expect(await ledgerSum(t, account.sid)).toBe(0);
    expect(await ledgerRuns(account.sid)).toBe(true);
  });

  it("lets a new attempt's claim end the old one's", async () => {
    const { seller } = await createSellerAccount(t, admin, onCredit(ORDERS * EACH));
    let sid = '';
    const claims: boolean[] = [];
    STAGING.afterChunk = async () => {
      if (STAGING.afterChunk === undefined) return;
      STAGING.afterChunk = undefined;
      const db = t.database.db;
      const first = (await batchOrdersRepository.claimPlacing(db, sid)) as string;
      const second = (await batchOrdersRepository.claimPlacing(db, sid)) as string;
      for (const attempt of [first, second])
        claims.push(
          await db.transaction((tx) => batchOrdersRepository.ownsPlacing(tx, sid, attempt, 'share')),
        );
    };
    sid = await upload(seller, unique('SU-'));
    // The running attempt finds itself superseded at its next chunk and leaves the batch; nobody else places it.
    await expect.poll(async () => claims.length, { timeout: 60_000, interval: 100 }).toBe(2);
    expect(claims).toEqual([false, true]);
    const [batch] = await t.database.db
      .select({ status: batchOrders.status })
      .from(batchOrders)
      .where(eq(batchOrders.sid, sid));
    expect(batch?.status).toBe('in-progress');
  });
});
