/**
 * Batch orders (spec §3 Batch order): a seller's file of orders, kept in the database until a job has placed
 * it (a worker on another machine reads it from here, not from this server's disk), then its outcome. The
 * file stays while the batch is unfinished or failed (the seller gets it back with an error column) and is
 * dropped when the batch succeeds: its orders are the record then.
 */
import type { BatchRowProblem, BatchStatus, TextParams } from '@parcelops/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.ts';

/** The upload's bytes (at most the upload limit, 10 MB). */
/** A check-only run's outcome (batch_orders.quote). */
export interface BatchQuote {
  orders: number;
  cost: number;
  unit: 'VND' | 'USD' | null;
  balance: number | null;
}

const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const batchOrders = pgTable(
  'batch_orders',
  {
    sid: text('sid').primaryKey(),
    name: text('name').notNull(),
    /** A batch goes with its account; an account with orders cannot be deleted (orders.account_sid). */
    accountSid: text('account_sid')
      .notNull()
      .references(() => accounts.sid, { onDelete: 'cascade' }),
    status: text('status').$type<BatchStatus>().notNull().default('in-progress'),
    reason: text('reason'),
    /** The reason as a catalogue text (key and params), for the web to show in its language. */
    reasonKey: text('reason_key'),
    reasonParams: jsonb('reason_params').$type<TextParams>(),
    fileName: text('file_name').notNull(),
    file: bytes('file'),
    /** Data rows of the file, counted when it was checked at upload. */
    rows: integer('rows').notNull(),
    orders: integer('orders').notNull().default(0),
    /** What the orders were charged, in VND, once placed. */
    totalCharge: numeric('total_charge', { precision: 18, scale: 2 }).notNull().default('0'),
    problemCount: integer('problem_count').notNull().default(0),
    /** Every bad row of a failed batch, in sheet order. */
    problems: jsonb('problems').$type<BatchRowProblem[]>(),
    /**
     * "Check only": the job checks and prices every row and places nothing; the batch then stays initiated
     * with its quote until the seller places it (or fails with every problem).
     */
    checkOnly: boolean('check_only').notNull().default(false),
    /** What a check found: orders, their cost in the account's unit, and the balance then. */
    quote: jsonb('quote').$type<BatchQuote>(),
    /** How many times the batch has been run (the first run and every "Run again"). */
    runs: integer('runs').notNull().default(1),
    /**
     * The placing attempt that owns the batch's staged orders (batch-placement.ts): set when an attempt starts
     * placing, checked by each of its chunks, so an attempt that outlived its job stops at its next chunk.
     */
    placingAttempt: text('placing_attempt'),
    /** Orders the placing attempt has written so far (staged until the batch succeeds), for its progress. */
    placed: integer('placed').notNull().default(0),
    createdByUserSid: text('created_by_user_sid'),
    createdByApiKeySid: text('created_by_api_key_sid'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('batch_orders_date_idx').on(table.dateCreated.desc().nullsFirst(), table.sid.desc().nullsFirst()),
    index('batch_orders_account_date_idx').on(
      table.accountSid,
      table.dateCreated.desc().nullsFirst(),
      table.sid.desc().nullsFirst(),
    ),
    check(
      'batch_orders_status_known',
      sql`${table.status} in ('initiated', 'in-progress', 'success', 'failed')`,
    ),
  ],
);

export type BatchOrderRow = typeof batchOrders.$inferSelect;
