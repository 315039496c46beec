/**
 * What the multi-instance run must leave behind, read from the database and the receiver: the batch placed
 * exactly once, every webhook event delivered and acknowledged (none lost, none unknown), the ledger equal to
 * the balance, and both APIs and the worker ready. Each check prints PASS or FAIL with its figures.
 */
import { batchRecord, creditRecord, hookEventsOf, type ScratchDatabase } from './database.ts';
import type { HookReceiver } from './hook-receiver.ts';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface Expected {
  /** Orders of the account: the single ones and the batch's. */
  orders: number;
  /** Webhook events: one per status change (created, scanned, …). */
  events: number;
  topups: number;
  orderCharge: number;
}

export interface VerifyInput {
  db: ScratchDatabase;
  receiver: HookReceiver;
  /** Each process's readiness URL: both APIs' and the worker's. */
  ready: { name: string; url: string }[];
  accountSid: string;
  batchSid: string;
  batchNumbers: string[];
  /** Batch orders the status uploads moved after the batch was placed. */
  scanned: number;
  expected: Expected;
}

const figures = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Array.isArray(value) ? JSON.stringify(value) : value}`)
    .join(', ');

const sample = (items: string[]) =>
  items.length > 5 ? `${items.slice(0, 5).join(', ')} …` : items.join(', ');

export async function verify(input: VerifyInput): Promise<Check[]> {
  const { db, receiver, expected } = input;
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const batch = await batchRecord(db, input.accountSid, input.batchSid);
  const rows = input.batchNumbers.length;
  const wanted = new Set(input.batchNumbers);
  const placed = new Set(batch.orderNumbers);
  const missing = input.batchNumbers.filter((number) => !placed.has(number));
  const strangers = batch.orderNumbers.filter((number) => !wanted.has(number));
  check(
    'batch placed, every order exactly once',
    batch.status === 'success' &&
      batch.batchOrdersColumn === rows &&
      batch.placed === rows &&
      batch.distinctNumbers === rows &&
      missing.length === 0 &&
      strangers.length === 0 &&
      batch.repeatedNumbers === 0 &&
      batch.ordersCreatedTwice === 0 &&
      batch.ordersOfAccount === expected.orders &&
      batch.jobStates.length === 1 &&
      batch.jobStates[0] === 'completed',
    figures({
      status: batch.status,
      rows,
      'orders of the batch': batch.placed,
      'distinct order numbers': batch.distinctNumbers,
      'batch.orders': batch.batchOrdersColumn,
      missing: missing.length ? sample(missing) : 0,
      unexpected: strangers.length ? sample(strangers) : 0,
      'numbers held twice': batch.repeatedNumbers,
      'orders created twice': batch.ordersCreatedTwice,
      'orders of the account': `${batch.ordersOfAccount}/${expected.orders}`,
      'job states': batch.jobStates,
      'job retries': batch.jobRetries,
    }),
  );

  const credit = await creditRecord(db, input.accountSid);
  const owed = expected.topups - expected.orders * expected.orderCharge;
  check(
    'ledger equals balance',
    credit.ledgerSum === credit.balance &&
      credit.balance === owed &&
      credit.charges === expected.orders &&
      credit.chargedOrders === expected.orders,
    figures({
      'ledger sum': credit.ledgerSum,
      balance: credit.balance,
      expected: owed,
      'order charges': `${credit.charges}/${expected.orders}`,
      'orders charged': credit.chargedOrders,
    }),
  );

  const events = await hookEventsOf(db, input.accountSid);
  const recorded = new Set(events.map((event) => event.id));
  const notDelivered = events.filter((event) => event.state !== 'delivered' || event.delivered_attempts < 1);
  const notSeen = events.filter((event) => !receiver.acknowledged.has(event.id)).map((event) => event.id);
  const unknown = [...receiver.acknowledged.keys()].filter((id) => !recorded.has(id));
  const createdPerOrder = new Map<string, number>();
  for (const event of events)
    if (event.order_status === 0 && event.order_sid)
      createdPerOrder.set(event.order_sid, (createdPerOrder.get(event.order_sid) ?? 0) + 1);
  const createdTwice = [...createdPerOrder.values()].filter((count) => count > 1).length;
  const redelivered = [...receiver.acknowledged.values()].filter((count) => count > 1).length;
  check(
    'every webhook event delivered, none lost',
    events.length === expected.events &&
      input.scanned === rows &&
      notDelivered.length === 0 &&
      notSeen.length === 0 &&
      unknown.length === 0 &&
      createdTwice === 0 &&
      receiver.unverified === 0,
    figures({
      'events recorded': `${events.length}/${expected.events}`,
      'not delivered': notDelivered.length
        ? sample(notDelivered.map((event) => `${event.id} ${event.state}`))
        : 0,
      'never acknowledged by the receiver': notSeen.length ? sample(notSeen) : 0,
      'acknowledged but not recorded': unknown.length ? sample(unknown) : 0,
      'orders with two created events': createdTwice,
      'signatures not verified': receiver.unverified,
      'acknowledged more than once (at least once is allowed)': redelivered,
      'requests received': receiver.requestCount,
    }),
  );

  for (const { name, url } of input.ready) {
    let status: number | string;
    try {
      const reply = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await reply.arrayBuffer();
      status = reply.status;
    } catch (error) {
      status = error instanceof Error ? error.message : String(error);
    }
    check(`${name} ready`, status === 200, `GET ${new URL(url).pathname}: ${status}`);
  }
  return checks;
}

/** Prints each check and the timings; true when every check passed. */
export function printReport(checks: Check[], timings: [string, number][], totalSeconds: number): boolean {
  console.log('\nChecks:');
  for (const { name, ok, detail } of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
  console.log('\nTimings:');
  for (const [label, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${label}`);
  console.log(`  ${totalSeconds.toFixed(1).padStart(6)} s  in all`);
  const passed = checks.every((each) => each.ok);
  console.log(passed ? '\nMulti-instance check passed' : '\nMulti-instance check FAILED');
  return passed;
}
