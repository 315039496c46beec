import type { CreditEntryKind, CreditUnit, Text } from '@parcelops/shared';
import { bigint, index, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';

export const creditLedger = pgTable(
  'credit_ledger',
  {
    sid: text('sid').primaryKey(),
    /**
     * The order in which the account's balance changed: taken while the account row is locked
     * (credit-ledger.ts), so for one account it follows commit order, which date_created (the start of the
     * writing transaction) does not under concurrent orders. Reports order the ledger by it.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    accountSid: text('account_sid')
      .notNull()
      .references(() => accounts.sid, { onDelete: 'cascade' }),
    kind: text('kind').$type<CreditEntryKind>().notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 16, scale: 2 }).notNull(),
    unit: text('unit').$type<CreditUnit>().notNull(),
    orderSid: text('order_sid'),
    /** The note in English, for the report and API clients. */
    note: text('note'),
    /** The same note as a catalogue text, which the web shows in the chosen language. */
    noteText: jsonb('note_text').$type<Text>(),
    createdBy: text('created_by'),
    /**
     * The batch order whose charges these are, when they were written ahead of its last commit
     * (credit-ledger.ts, stageCreditChanges): hidden while that batch is in progress, like its orders.
     */
    batchSid: text('batch_sid'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_ledger_account_date_idx').on(table.accountSid, table.dateCreated),
    // A refund or re-weigh finds what an order was charged by its sid.
    index('credit_ledger_order_idx').on(table.orderSid),
  ],
);
