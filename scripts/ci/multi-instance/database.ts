/**
 * The scratch PostgreSQL database of the multi-instance check (created fresh, dropped at the end) and what
 * the checks read in it directly: the batch's orders, the account's ledger and balance, the webhook events
 * and the job queue (pg-boss's schema, jobs/job-lease.ts).
 */
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  url: string;
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

function urlFor(baseUrl: string, database: string, applicationName?: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  if (applicationName) url.searchParams.set('application_name', applicationName);
  return url.toString();
}

/** A new, empty database beside the one of `baseUrl`; its migrations are the first server's to run. */
export async function createScratchDatabase(baseUrl: string): Promise<ScratchDatabase> {
  const name = `parcelops_multi_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: urlFor(baseUrl, name, 'multi-instance-check') });
  await client.connect();
  let dropped = false;
  return {
    name,
    url: urlFor(baseUrl, name),
    async query<T>(text: string, values: unknown[] = []) {
      return (await client.query(text, values)).rows as T[];
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      await client.end().catch(() => {});
      const again = new pg.Client({ connectionString: baseUrl });
      await again.connect();
      try {
        // WITH (FORCE): a killed child's connections may not have been noticed gone yet.
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.end();
      }
    },
  };
}

export interface BatchRecord {
  status: string;
  batchOrdersColumn: number;
  placed: number;
  distinctNumbers: number;
  orderNumbers: string[];
  /** Order numbers the account holds more than once (a unique index forbids it: expected none). */
  repeatedNumbers: number;
  ordersOfAccount: number;
  /** Orders with more than one Generated tracking event (a placement that ran twice). */
  ordersCreatedTwice: number;
  jobStates: string[];
  /** Attempts of the batch's job before the one that ended it (1 when the kill caught it running). */
  jobRetries: number[];
}

export async function batchRecord(db: ScratchDatabase, accountSid: string, batchSid: string) {
  const [orders] = await db.query<{
    placed: number;
    distinct_numbers: number;
    of_account: number;
    repeated: number;
  }>(
    `select count(*) filter (where batch_sid = $2)::int as placed,
            count(distinct order_number) filter (where batch_sid = $2)::int as distinct_numbers,
            count(*)::int as of_account,
            (select count(*)::int from (select order_number from orders where account_sid = $1
               group by order_number having count(*) > 1) as twice) as repeated
       from orders where account_sid = $1`,
    [accountSid, batchSid],
  );
  const numbers = await db.query<{ order_number: string }>(
    'select order_number from orders where batch_sid = $1',
    [batchSid],
  );
  const [twice] = await db.query<{ count: number }>(
    `select count(*)::int as count from (select e.order_sid from tracking_events e
       join orders o on o.sid = e.order_sid where o.account_sid = $1 and e.status = 0
      group by e.order_sid having count(*) > 1) as twice`,
    [accountSid],
  );
  const [batch] = await db.query<{ status: string; orders: number }>(
    'select status, orders from batch_orders where sid = $1',
    [batchSid],
  );
  const jobs = await db.query<{ state: string; retry_count: number }>(
    `select state, retry_count from pgboss.job where name = 'batch-orders.place' and data->>'batchSid' = $1`,
    [batchSid],
  );
  return {
    status: batch?.status ?? 'missing',
    batchOrdersColumn: batch?.orders ?? 0,
    placed: orders?.placed ?? 0,
    distinctNumbers: orders?.distinct_numbers ?? 0,
    orderNumbers: numbers.map((row) => row.order_number),
    repeatedNumbers: orders?.repeated ?? 0,
    ordersOfAccount: orders?.of_account ?? 0,
    ordersCreatedTwice: twice?.count ?? 0,
    jobStates: jobs.map((job) => job.state),
    jobRetries: jobs.map((job) => job.retry_count),
  } satisfies BatchRecord;
}

export async function creditRecord(db: ScratchDatabase, accountSid: string) {
  const [ledger] = await db.query<{ sum: string; charges: number; charged_orders: number; topups: string }>(
    `select coalesce(sum(amount), 0)::text as sum,
            count(*) filter (where kind = 'order_charge')::int as charges,
            count(distinct order_sid) filter (where kind = 'order_charge')::int as charged_orders,
            coalesce(sum(amount) filter (where kind = 'topup'), 0)::text as topups
       from credit_ledger where account_sid = $1`,
    [accountSid],
  );
  const [account] = await db.query<{ balance: string }>(
    'select credit_balance::text as balance from accounts where sid = $1',
    [accountSid],
  );
  return {
    ledgerSum: Number(ledger?.sum),
    balance: Number(account?.balance),
    topups: Number(ledger?.topups),
    charges: ledger?.charges ?? 0,
    chargedOrders: ledger?.charged_orders ?? 0,
  };
}

export interface HookEventRow {
  id: string;
  state: string;
  order_status: number | null;
  order_sid: string | null;
  delivered_attempts: number;
}

export async function hookEventsOf(db: ScratchDatabase, accountSid: string): Promise<HookEventRow[]> {
  return db.query<HookEventRow>(
    `select e.id, e.state, e.order_status, e.order_sid,
            (select count(*)::int from hook_attempts a
              where a.event_id = e.id and a.status_code between 200 and 299) as delivered_attempts
       from hook_events e where e.account_sid = $1`,
    [accountSid],
  );
}

/** What is still owed: events pending, and delivery jobs not yet ended (waiting, retrying or running). */
export async function outbox(db: ScratchDatabase): Promise<{ pendingEvents: number; openJobs: number }> {
  const [row] = await db.query<{ pending_events: number; open_jobs: number }>(
    `select (select count(*)::int from hook_events where state = 'pending') as pending_events,
            (select count(*)::int from pgboss.job where name = 'webhooks.deliver'
               and state in ('created', 'retry', 'active')) as open_jobs`,
  );
  return { pendingEvents: row?.pending_events ?? 0, openJobs: row?.open_jobs ?? 0 };
}

/** The batch's job state, for the moment of the kill. */
export async function batchJobState(db: ScratchDatabase, batchSid: string): Promise<string | undefined> {
  const [job] = await db.query<{ state: string }>(
    `select state from pgboss.job where name = 'batch-orders.place' and data->>'batchSid' = $1
      order by created_on desc limit 1`,
    [batchSid],
  );
  return job?.state;
}

/** Delivery jobs a worker is running now (fetched, not yet ended). */
export async function activeDeliveries(db: ScratchDatabase): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count from pgboss.job where name = 'webhooks.deliver' and state = 'active'`,
  );
  return row?.count ?? 0;
}
