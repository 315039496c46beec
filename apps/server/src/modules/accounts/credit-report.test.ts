import type { Account, Order, User } from '@parcelops/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAccess } from '../../../test/expected-replies.ts';
import { createOrder, createOrderAccount } from '../../../test/order-fixtures.ts';
import { createTestApp, type TestApp, unique } from '../../../test/test-app.ts';
import { loadWorkbook, readXlsx } from '../../../test/workbooks.ts';
import { creditLedger } from './credit-ledger.table.ts';
import { defaultRange, parseDay } from './credit-report.service.ts';
import { CREDIT_REPORT_HEADERS } from './credit-report-workbook.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
let admin: string;
let account: Account;
let seller: { user: User; token: string };
let other: Account;
let kept: Order;
let deleted: Order;

/** The workbook's rows, seven cells each, empty cells as null. */
async function sheetRows(body: Buffer) {
  return (await readXlsx(body)).map((row) => Array.from({ length: 7 }, (_, index) => row[index] ?? null));
}

const report = (accountSid: string, token: string | null, query?: Record<string, string>) =>
  t.call('GET', `/accounts/${accountSid}/credit_usages_report`, { token, query });

async function moveEntry(kind: string, to: string) {
  await t.database.db
    .update(creditLedger)
    .set({ dateCreated: new Date(to) })
    .where(and(eq(creditLedger.accountSid, account.sid), eq(creditLedger.kind, kind as 'topup')));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  // A credit account: a topup, two orders charged (180,000 VND each), one re-weighed, one deleted (refund).
  account = await createOrderAccount(t, admin, { use_credit: true, credit_unit: 'VND', topup: 1_000_000 });
  other = await createOrderAccount(t, admin);
  seller = await t.createUser(admin, { role: 0, account_sid: account.sid });
  kept = await createOrder(t, seller.token);
  const reweigh = await t.call('PUT', `/orders/${kept.sid}`, { token: admin, body: { weight: 900 } });
  expect(reweigh.statusCode, reweigh.body).toBe(200);
  deleted = await createOrder(t, seller.token);
  const removal = await t.call('DELETE', `/orders/${deleted.sid}`, { token: seller.token });
  expect(removal.statusCode, removal.body).toBe(200);
});
afterAll(() => t.close());

describe('GET /accounts/{id}/credit_usages_report', () => {
  it("downloads the account's ledger of the last month, oldest first, with a total", async () => {
    const response = await report(account.sid, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    const { from, to } = defaultRange(new Date());
    const fileName = `credit_usages_${account.name}_${from}_${to}.xlsx`;
    expect(response.headers['content-disposition']).toContain(`attachment; filename="${fileName}"`);

    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual([...CREDIT_REPORT_HEADERS]);
    const entries = rows.slice(1, -1);
    expect(entries.map((row) => row.slice(1, 6))).toEqual([
      ['Topup', 1_000_000, 1_000_000, 'VND', null],
      ['Order charge', -180_000, 820_000, 'VND', kept.orderNumber],
      ['Re-weigh', -70_000, 750_000, 'VND', kept.orderNumber],
      // The deleted order's rows keep their notes, which name it; the order itself is gone.
      ['Order charge', -180_000, 570_000, 'VND', null],
      ['Refund', 180_000, 750_000, 'VND', null],
    ]);
    expect(entries[1]?.[6]).toBe(`Order ${kept.orderNumber}`);
    expect(entries[4]?.[6]).toBe(`Order ${deleted.orderNumber} deleted`);
    for (const entry of entries) expect(entry[0]).toBeInstanceOf(Date);
    const times = entries.map((entry) => (entry[0] as Date).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(rows.at(-1)).toEqual(['Total', null, 750_000, null, 'VND', null, null]);

    const workbook = await loadWorkbook(response.rawPayload);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet?.getRow(rows.length).getCell(1).font?.bold).toBe(true);
    expect(sheet?.getRow(2).getCell(3).numFmt).toBe('#,##0');
  });

  it('keeps to the days asked for, both included', async () => {
    await moveEntry('topup', '2026-01-15T23:59:00Z');
    const day = async (from: string, to: string) => {
      const response = await report(account.sid, admin, { from_date: from, to_date: to });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toContain(
        `filename="credit_usages_${account.name}_${from}_${to}.xlsx"`,
      );
      return (await sheetRows(response.rawPayload)).slice(1);
    };
    expect(await day('2026-01-15', '2026-01-15')).toEqual([
      [new Date('2026-01-15T23:59:00Z'), 'Topup', 1_000_000, 1_000_000, 'VND', null, null],
      ['Total', null, 1_000_000, null, 'VND', null, null],
    ]);
    expect(await day('2026-01-01', '2026-01-31')).toHaveLength(2);
    expect(await day('2026-01-16', '2026-01-31')).toEqual([['Total', null, 0, null, null, null, null]]);
    expect(await day('2025-12-01', '2026-01-14')).toEqual([['Total', null, 0, null, null, null, null]]);
  });

  it('lets account users and their API keys read their own account only; operators none', async () => {
    const key = (await t.createApiKey(seller.token)).token;
    expect((await report(account.sid, seller.token)).statusCode).toBe(200);
    expect((await report(account.sid, key)).statusCode).toBe(200);
    for (const token of [seller.token, key]) {
      const refused = await report(other.sid, token);
      expectNoAccess(refused);
    }
    const operator = await t.createUser(admin, { role: 1 });
    expect((await report(account.sid, operator.token)).statusCode).toBe(403);
    expect((await report(account.sid, null)).statusCode).toBe(401);
    expect((await report(other.sid, admin)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown account', async () => {
    const response = await report('0196a000-0000-7000-8000-000000000000', admin);
    expect(response.statusCode).toBe(404);
    expect(response.json().msg).toBe('Account not found.');
  });

  it('refuses dates that are not real days, and a range that ends before it starts', async () => {
    const badDates: Record<string, string>[] = [
      { from_date: '22/11/2026' },
      { to_date: '2026-13-01' },
      { from_date: '2026-02-30' },
      { to_date: 'yesterday' },
    ];
    for (const query of badDates) {
      const response = await report(account.sid, admin, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().details?.[0]?.path).toBe(Object.keys(query)[0]);
    }
    const backwards = await report(account.sid, admin, { from_date: '2026-03-02', to_date: '2026-03-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().msg).toBe('The from date must not be after the to date.');
    // An empty value is no value: the default applies.
    expect((await report(account.sid, admin, { from_date: '', to_date: '' })).statusCode).toBe(200);
  });

  it('names the file after the account exactly, also when the name is not ASCII', async () => {
    const named = await createOrderAccount(t, admin, { name: `Cửa hàng ${unique('Đà Nẵng ')}` });
    const response = await report(named.sid, admin, { from_date: '2026-01-01', to_date: '2026-01-31' });
    expect(response.statusCode).toBe(200);
    const exact = `credit_usages_${named.name}_2026-01-01_2026-01-31.xlsx`;
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(exact)}`,
    );
  });
});

describe('the report range', () => {
  it('defaults from one month ago to today (spec §9), at the end of a shorter month', () => {
    expect(defaultRange(new Date('2026-11-22T10:00:00Z'))).toEqual({ from: '2026-10-22', to: '2026-11-22' });
    expect(defaultRange(new Date('2026-03-31T10:00:00Z'))).toEqual({ from: '2026-02-28', to: '2026-03-31' });
    expect(defaultRange(new Date('2026-01-10T00:00:00Z'))).toEqual({ from: '2025-12-10', to: '2026-01-10' });
  });

  it('reads only real days', () => {
    expect(parseDay('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2026-1-5')).toBeNull();
  });
});
