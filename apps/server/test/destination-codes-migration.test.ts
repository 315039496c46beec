/**
 * Migration 0019 turns the free-text countries and US states stored before issue 21 into codes, leaving what
 * names nothing as it was. Run again here over rows written as they were then (it only touches rows that are
 * not codes yet, so running it twice is harmless).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/database.ts';
import { newSid } from '../src/lib/ids.ts';
import { orders } from '../src/modules/orders/orders.table.ts';
import { createOrderAccount } from './order-fixtures.ts';
import { openTestApp } from './test-app.ts';

const { t, admin } = await openTestApp();

describe('migration 0019 (destination codes)', () => {
  it('maps countries and states written by name or in lower case to codes, and leaves the unknown', async () => {
    const account = await createOrderAccount(t, admin);
    const given: [string, string][] = [
      ['United States', 'California'],
      ['USA', 'ny'],
      [' u.s.a. ', 'Washington'],
      ['Hoa Kỳ', 'district of columbia'],
      ['us', 'TX'],
      ['Vietnam', 'HN'],
      ['VIỆT NAM', 'HCM'],
      ['vn', 'HN'],
      ['Deutschland', 'Berlin'],
      ['United States', 'Nowhere'],
    ];
    const rows = given.map(([country, state], index) => ({
      sid: newSid(),
      orderNumber: `MIG-${index}`,
      accountSid: account.sid,
      name: 'Customer',
      address1: '1 Road',
      city: 'City',
      state,
      country,
      postalCode: '90001',
      weight: 100,
      vnd: '1000',
      usd: '1',
      barcode: `PM${String(index).padStart(10, '0')}`,
    }));
    await t.database.db.insert(orders).values(rows);

    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0019_destination_codes.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.database.db.execute(sql.raw(statement));

    const stored = await t.database.db
      .select({ orderNumber: orders.orderNumber, country: orders.country, state: orders.state })
      .from(orders)
      .where(
        inArray(
          orders.sid,
          rows.map((row) => row.sid),
        ),
      )
      .orderBy(orders.orderNumber);
    expect(stored.map((row) => [row.country, row.state])).toEqual([
      ['US', 'CA'],
      ['US', 'NY'],
      ['US', 'WA'],
      ['US', 'DC'],
      ['US', 'TX'],
      ['VN', 'HN'],
      ['VN', 'HCM'],
      ['VN', 'HN'],
      ['Deutschland', 'Berlin'],
      ['US', 'Nowhere'],
    ]);
  });
});
