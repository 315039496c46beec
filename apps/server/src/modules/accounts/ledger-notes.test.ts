/**
 * The credit ledger's notes in both languages (issue 21): each row keeps its English note and the same words
 * as a catalogue text, and the rows written before the texts had keys get theirs from the migration.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderText, type Text } from '@parcelops/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder, createSellerAccount, onCredit } from '../../../test/order-fixtures.ts';
import { openTestApp } from '../../../test/test-app.ts';
import { MIGRATIONS_DIR } from '../../db/database.ts';
import { newSid } from '../../lib/ids.ts';
import { creditLedger } from './credit-ledger.table.ts';

const { t, admin } = await openTestApp();

async function creditSeller() {
  const { account, seller } = await createSellerAccount(t, admin, onCredit(1_000_000));
  return { account, token: seller };
}

describe("the credit ledger's notes", () => {
  it('keep an order charge, a re-weigh and a refund as texts, shown in either language', async () => {
    const { token } = await creditSeller();
    const order = await createOrder(t, token);
    expect(
      (await t.call('PUT', `/orders/${order.sid}`, { token: admin, body: { weight: 1500 } })).statusCode,
    ).toBe(200);
    const entries = (await t.call('GET', `/orders/${order.sid}/credit_entries`, { token })).json() as {
      note: string;
      note_text: Text;
    }[];
    const orderNumber = order.orderNumber;
    expect(entries.map(({ note, note_text }) => ({ note, note_text }))).toEqual([
      {
        note: `Order ${orderNumber}`,
        note_text: { key: 'accounts.ledger.orderCharge', params: { orderNumber } },
      },
      {
        note: `Order ${orderNumber}: 400 g to 1500 g`,
        note_text: { key: 'accounts.ledger.reweigh', params: { orderNumber, from: 400, to: 1500 } },
      },
    ]);
    expect(renderText(entries[1]?.note_text as Text, 'vi')).toBe(
      `Đơn hàng ${orderNumber}: từ 400 g thành 1500 g`,
    );

    const second = await createOrder(t, token);
    expect((await t.call('DELETE', `/orders/${second.sid}`, { token })).statusCode).toBe(200);
    const [refund] = await t.database.db
      .select({ note: creditLedger.note, noteText: creditLedger.noteText })
      .from(creditLedger)
      .where(sql`${creditLedger.orderSid} = ${second.sid} and ${creditLedger.kind} = 'refund'`);
    expect(refund).toEqual({
      note: `Order ${second.orderNumber} deleted`,
      noteText: { key: 'accounts.ledger.orderDeleted', params: { orderNumber: second.orderNumber } },
    });
  });

  it('are given their texts by the migration when written before it, by kind; other notes stay plain', async () => {
    const { account } = await creditSeller();
    const row = (kind: 'order_charge' | 'refund' | 'reweigh' | 'topup', note: string) => ({
      sid: newSid(),
      accountSid: account.sid,
      kind,
      amount: '0.00',
      balanceAfter: '1000000.00',
      unit: 'VND' as const,
      note,
    });
    const rows = [
      row('order_charge', 'Order A: 1 deleted'),
      row('refund', 'Order B-2 deleted'),
      row('reweigh', 'Order C: 3: 250 g to 1000 g'),
      row('topup', 'Order D'),
      row('reweigh', 'weighed again by hand'),
    ];
    await t.database.db.insert(creditLedger).values(rows);

    const migration = readFileSync(
      path.join(MIGRATIONS_DIR, '0018_credit_ledger_note_text_backfill.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await t.database.db.execute(sql.raw(statement));
    }

    const texts = await Promise.all(
      rows.map(async ({ sid }) => {
        const [stored] = await t.database.db
          .select({ noteText: creditLedger.noteText })
          .from(creditLedger)
          .where(eq(creditLedger.sid, sid));
        return stored?.noteText ?? null;
      }),
    );
    expect(texts).toEqual([
      { key: 'accounts.ledger.orderCharge', params: { orderNumber: 'A: 1 deleted' } },
      { key: 'accounts.ledger.orderDeleted', params: { orderNumber: 'B-2' } },
      { key: 'accounts.ledger.reweigh', params: { orderNumber: 'C: 3', from: 250, to: 1000 } },
      null,
      null,
    ]);
  });
});
