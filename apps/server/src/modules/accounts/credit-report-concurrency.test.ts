/**
 * The credit usage report under concurrent orders: its rows come in the order the balance moved, so each
 * row's balance after is the previous row's plus its amount. On PostgreSQL the orders really run in
 * parallel, and their transactions do not commit in the order they started.
 */
import { describe, expect, it } from 'vitest';
import { createSellerAccount, ledgerOf, onCredit, orderBody } from '../../../test/order-fixtures.ts';
import { openTestApp } from '../../../test/test-app.ts';
import { readXlsx } from '../../../test/workbooks.ts';

/** What one order costs on the fixtures' price table (up to 500 g). */
const PRICE = 180_000;
const ORDERS = 20;

const { t, admin } = await openTestApp();

describe('credit usage report under concurrent orders', () => {
  it('lists the entries so that every balance after follows from the row before', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit((ORDERS + 5) * PRICE));
    const placed = await Promise.all(
      Array.from({ length: ORDERS }, () => t.call('POST', '/orders', { token: seller, body: orderBody() })),
    );
    expect(placed.map((response) => response.statusCode)).toEqual(Array(ORDERS).fill(201));

    const response = await t.call('GET', `/accounts/${account.sid}/credit_usages_report`, { token: admin });
    expect(response.statusCode, response.body).toBe(200);
    const entries = (await readXlsx(response.rawPayload)).slice(1, -1);
    expect(entries).toHaveLength(ORDERS + 1);

    // [date, kind, amount, balance after, ...]: the running balance, row by row.
    const problems: string[] = [];
    let balance = 0;
    for (const [index, row] of entries.entries()) {
      balance = Math.round((balance + Number(row[2])) * 100) / 100;
      if (Number(row[3]) !== balance)
        problems.push(`row ${index + 1}: balance after ${row[3]}, but ${balance} by the rows before`);
    }
    expect(problems).toEqual([]);
    expect(balance).toBe(5 * PRICE);
    // The dates read in the same order: each entry is dated when the balance moved.
    const times = entries.map((row) => (row[0] as Date).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // The ledger numbers its entries in the same order.
    const ledger = (await ledgerOf(t, account.sid)).sort((a, b) => a.seq - b.seq);
    expect(ledger.map((row) => Number(row.balanceAfter))).toEqual(entries.map((row) => row[3]));
    expect(ledger.every((row) => typeof row.seq === 'number')).toBe(true);
  });
});
