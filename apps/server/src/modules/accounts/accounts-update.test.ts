/** PUT /accounts/{id} that would change nothing is the caller's mistake: 400 with a clear message. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSellerAccount } from '../../../test/order-fixtures.ts';
import { openTestApp } from '../../../test/test-app.ts';
import { creditLedger } from './credit-ledger.table.ts';

const NOTHING =
  'Nothing to change: give at least one of name, email, is_active, vendor_sid, price_sid, order_status_hook, address, use_credit, credit_unit or a topup.';

const { t, admin } = await openTestApp();
const { account, seller } = await createSellerAccount(t, admin, { use_credit: true, topup: 1000 });

describe('PUT /accounts/{id} with nothing to change', () => {
  it('answers 400 for an empty body, unknown keys or a zero topup, and books nothing', async () => {
    const calls: [string, unknown][] = [
      [admin, {}],
      [admin, { topup: 0 }],
      [admin, { nickname: 'x' }],
      [seller, {}],
    ];
    for (const [token, body] of calls) {
      const response = await t.call('PUT', `/accounts/${account.sid}`, { token, body });
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({
        msg: NOTHING,
        code: 'VALIDATION_FAILED',
        key: 'accounts.nothingToChange',
        params: {
          fields: NOTHING.slice('Nothing to change: give at least one of '.length, -' or a topup.'.length),
        },
      });
    }
    const ledger = await t.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.accountSid, account.sid));
    expect(ledger).toHaveLength(1);
  });

  it('still takes a topup alone, or a field alone', async () => {
    const topup = await t.call('PUT', `/accounts/${account.sid}`, { token: admin, body: { topup: 500 } });
    expect(topup.statusCode, topup.body).toBe(200);
    expect(topup.json().credit_balance).toBe(1500);
    const cleared = await t.call('PUT', `/accounts/${account.sid}`, {
      token: seller,
      body: { order_status_hook: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
  });

  it('answers 403, not 400, when the account is not the caller’s', async () => {
    const other = await t.createAccount(admin);
    const response = await t.call('PUT', `/accounts/${other.sid}`, { token: seller, body: {} });
    expect(response.statusCode).toBe(403);
  });
});
