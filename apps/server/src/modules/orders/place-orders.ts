/**
 * Places drafted orders (order-drafts.ts) in the caller's transaction: order rows, items, first tracking
 * events and credit charges, with one multi-row statement per table per chunk. One order (POST /orders) is
 * this with one draft; a batch or an import is this with thousands.
 */
import {
  type CreditUnit,
  ErrorCode,
  englishOf,
  OrderStatus,
  roundMoney,
  type Text,
  text,
} from '@parcelops/shared';
import { type Database, refreshStatistics, type Transaction } from '../../db/database.ts';
import { AppError, fieldIssue } from '../../lib/app-error.ts';
import { chunks } from '../../lib/chunks.ts';
import { newSid } from '../../lib/ids.ts';
import {
  type CreditEntry,
  commitStagedCredit,
  formatMoney,
  recordCreditChanges,
  type StagedCredit,
  stageCreditChanges,
} from '../accounts/credit-ledger.ts';
import { newBarcode } from './barcode.ts';
import { type OrderDraft, priceIn } from './order-drafts.ts';
import { type NewOrderItemRow, type NewOrderRow, ordersRepository } from './orders.repository.ts';
import { orderItems, orders } from './orders.table.ts';
import { type ChangedBy, recordStatusChanges, type StatusChangeListener } from './status-change.ts';

/** Rows per statement: large enough that round trips stop mattering, well under 65,535 parameters. */
const CHUNK = 1_000;
/** Draws of a fresh barcode for one order before giving up; a collision among 10^10 codes is already rare. */
const BARCODE_ATTEMPTS = 5;

/**
 * What happens when some orders cannot be placed (a used order number, or credit that runs out):
 * - `all-or-nothing` (one order, a batch): nothing is written, and every refused order is reported;
 * - `until-short` (an import): the others are placed; credit is spent in input order until an order
 *   costs more than is left, and that order and every later one that would be charged are reported.
 */
export type PlacementPolicy = 'all-or-nothing' | 'until-short';

export interface PlaceOptions {
  policy: PlacementPolicy;
  /** Who places the orders: their first events name them, and the ledger records the user as charging. */
  by: ChangedBy;
  /** Told of the new orders' first status (the seller's webhook events). */
  notify: StatusChangeListener;
  /** The batch order placing them: each order keeps its sid (and a retried batch finds its work done). */
  batchSid?: string;
  /**
   * Write no charges: the caller charges the placed orders later (a batch's staged orders:
   * stageOrderCharges, commitOrderCharges). Credit is then not checked here.
   */
  deferCharges?: boolean;
}

export interface PlacedOrder {
  index: number;
  sid: string;
  barcode: string;
  orderNumber: string;
}

/** Why an order was not placed: `message` in English, `text` the same words as a catalogue text. */
export type Refusal =
  | { index: number; orderNumber: string; reason: 'order_number_taken'; message: string; text: Text }
  | {
      index: number;
      orderNumber: string;
      reason: 'insufficient_credit';
      message: string;
      text: Text;
      /** What was left for this order, and what it costs, in the account's unit. */
      balance: number;
      cost: number;
      unit: CreditUnit;
    };

export interface Placement {
  placed: PlacedOrder[];
  refused: Refusal[];
}

/** The answer POST /orders has always given for a refusal. */
export function refusalError(refusal: Refusal): AppError {
  return refusal.reason === 'order_number_taken'
    ? orderNumberTaken(refusal.orderNumber)
    : new AppError(ErrorCode.INSUFFICIENT_CREDIT, 422, refusal.text);
}

/** A 409 with a code of its own and the field named, so a form marks just that field. */
export function orderNumberTaken(orderNumber: string): AppError {
  const words = orderNumberTakenText(orderNumber);
  return new AppError(ErrorCode.ORDER_NUMBER_TAKEN, 409, words, [fieldIssue('orderNumber', words)]);
}

export const orderNumberTakenText = (orderNumber: string) => text('orders.numberTaken', { orderNumber });
export const orderNumberTakenMessage = (orderNumber: string) => englishOf(orderNumberTakenText(orderNumber));

/** An order the balance cannot cover: what was left and what it costs, in the account's unit. */
const shortfallText = (balance: number, cost: number, unit: CreditUnit) =>
  text('orders.creditShort', { balance: formatMoney(balance, unit), cost: formatMoney(cost, unit) });

const orderShortfall = (balance: string, cost: string) =>
  englishOf(text('orders.creditShort', { balance, cost }));

/**
 * For a caller placing many orders a chunk a transaction (an import): the tables placing writes most, their
 * statistics refreshed on PGlite (database.ts, refreshStatistics), so each chunk costs what the first did.
 */
export function refreshPlacingStatistics(db: Database): Promise<void> {
  return refreshStatistics(db, [orders, orderItems]);
}

export type CreditRefusal = Extract<Refusal, { reason: 'insufficient_credit' }>;

/**
 * A charged order of a later call after `stop`, the refusal where an earlier call's credit ran out (an import
 * places its orders a chunk a transaction): refused against the balance left then, as `until-short` refuses
 * every charged order after the first that does not fit, so what is placed stays a prefix of the file's.
 */
export function refusedAfter(stop: CreditRefusal, draft: OrderDraft): CreditRefusal {
  // Rounded as the ledger rounds the charge (a negative amount).
  const cost = Math.abs(roundMoney(-priceIn(draft, stop.unit), stop.unit));
  const words = shortfallText(stop.balance, cost, stop.unit);
  return {
    index: draft.index,
    orderNumber: draft.orderNumber,
    reason: 'insufficient_credit',
    message: englishOf(words),
    text: words,
    balance: stop.balance,
    cost,
    unit: stop.unit,
  };
}

/** Order numbers already used, in the account or earlier in the same call (the first one keeps it). */
async function refuseTakenNumbers(tx: Transaction, drafts: readonly OrderDraft[]): Promise<Refusal[]> {
  const refused: Refusal[] = [];
  const byAccount = new Map<string, OrderDraft[]>();
  for (const draft of drafts) {
    const own = byAccount.get(draft.accountSid);
    if (own) own.push(draft);
    else byAccount.set(draft.accountSid, [draft]);
  }
  for (const [accountSid, own] of byAccount) {
    const taken = new Set<string>();
    for (const part of chunks([...new Set(own.map((draft) => draft.orderNumber))], CHUNK))
      for (const number of await ordersRepository.takenOrderNumbers(tx, accountSid, part)) taken.add(number);
    for (const draft of own) {
      if (taken.has(draft.orderNumber))
        refused.push({
          index: draft.index,
          orderNumber: draft.orderNumber,
          reason: 'order_number_taken',
          message: orderNumberTakenMessage(draft.orderNumber),
          text: orderNumberTakenText(draft.orderNumber),
        });
      taken.add(draft.orderNumber);
    }
  }
  return refused;
}

/**
 * Charges the drafts on credit through the ledger, the only writer of balances: one call per account, in sid
 * order and before any order row takes its foreign-key share lock, so concurrent placements of one account
 * queue on the ledger's lock instead of deadlocking. One ledger row per order (a refund or re-weigh finds the
 * order's charge by its sid), in input order. Returns the drafts the balances do not cover: under
 * `until-short` the ledger stops spending at the first, so what an import places is a prefix of the file's
 * charged orders, not whichever later ones happen to be cheaper.
 */
async function chargeCredit(
  tx: Transaction,
  drafts: readonly OrderDraft[],
  sids: ReadonlyMap<number, string>,
  options: PlaceOptions,
): Promise<Refusal[]> {
  const byAccount = new Map<string, OrderDraft[]>();
  for (const draft of drafts) {
    if (!draft.useCredit) continue;
    const own = byAccount.get(draft.accountSid);
    if (own) own.push(draft);
    else byAccount.set(draft.accountSid, [draft]);
  }
  const refused: Refusal[] = [];
  for (const accountSid of [...byAccount.keys()].sort()) {
    const own = byAccount.get(accountSid) as OrderDraft[];
    const result = await recordCreditChanges(
      tx,
      accountSid,
      own.map((draft) => orderCharge(draft, sids.get(draft.index) as string, options.by)),
      orderShortfall,
      options.policy === 'until-short' ? 'until-short' : 'all',
    );
    for (const short of result.short) {
      const draft = own[short.index] as OrderDraft;
      refused.push({
        index: draft.index,
        orderNumber: draft.orderNumber,
        reason: 'insufficient_credit',
        message: short.message,
        text: shortfallText(short.balance, Math.abs(short.amount), result.unit),
        balance: short.balance,
        cost: Math.abs(short.amount),
        unit: result.unit,
      });
    }
  }
  return refused;
}

/** An order's charge as the ledger records it: the locked account row's unit picks the price. */
export function orderCharge(draft: OrderDraft, orderSid: string, by: ChangedBy): CreditEntry {
  return {
    kind: 'order_charge',
    amount: { VND: -draft.vnd, USD: -draft.usd },
    orderSid,
    note: text('accounts.ledger.orderCharge', { orderNumber: draft.orderNumber }),
    createdBy: by.userSid,
  };
}

/**
 * The charges of orders placed with `deferCharges` (a batch's staged orders), written ahead of the commit that
 * places them, hidden under the batch (credit-ledger.ts, stageCreditChanges): 'short' when the balance cannot
 * cover them all, 'superseded' when `owns` says the caller no longer owns the batch.
 */
export function stageOrderCharges(
  db: Database,
  accountSid: string,
  batchSid: string,
  charges: readonly CreditEntry[],
  owns: (tx: Transaction) => Promise<boolean>,
): Promise<StagedCredit | 'short' | 'superseded'> {
  return stageCreditChanges(db, accountSid, batchSid, charges, orderShortfall, owns);
}

/** In the commit that places them: the staged charges count (commitStagedCredit); false when short. */
export function commitOrderCharges(
  tx: Transaction,
  staged: StagedCredit,
  charges: readonly CreditEntry[],
): Promise<boolean> {
  return commitStagedCredit(tx, staged, charges, orderShortfall);
}

/** Thrown inside the savepoint of an all-or-nothing placement to take back the charges written. */
class TakeBack extends Error {}

/**
 * All or nothing: the ledger writes an account's charges only when every one fits, which is enough for one
 * account. When a number was refused, or another account falls short, the charges already written are taken
 * back by rolling back to a savepoint; the shortfalls are still reported.
 */
async function chargeAllOrNothing(
  tx: Transaction,
  drafts: readonly OrderDraft[],
  sids: ReadonlyMap<number, string>,
  options: PlaceOptions,
  numbersRefused: boolean,
): Promise<Refusal[]> {
  const accounts = new Set(drafts.filter((draft) => draft.useCredit).map((draft) => draft.accountSid));
  if (!numbersRefused && accounts.size <= 1) return chargeCredit(tx, drafts, sids, options);
  let refused: Refusal[] = [];
  try {
    await tx.transaction(async (savepoint) => {
      refused = await chargeCredit(savepoint, drafts, sids, options);
      if (numbersRefused || refused.length > 0) throw new TakeBack();
    });
  } catch (error) {
    if (!(error instanceof TakeBack)) throw error;
  }
  return refused;
}

interface Pending {
  draft: OrderDraft;
  row: NewOrderRow;
  draws: number;
}

/** Barcodes drawn in this call or found taken: a draw that hits one is drawn again, and counts as a draw. */
function drawBarcode(pending: Pending, used: Set<string>): string {
  for (;;) {
    if (pending.draws >= BARCODE_ATTEMPTS)
      throw new Error(
        `No free barcode for order ${pending.draft.orderNumber} after ${BARCODE_ATTEMPTS} draws.`,
      );
    pending.draws++;
    const barcode = newBarcode();
    if (!used.has(barcode)) {
      used.add(barcode);
      return barcode;
    }
  }
}

/** Inserts the order rows chunk by chunk; a row whose barcode turns out taken is drawn again and re-sent. */
async function insertOrders(tx: Transaction, pending: Pending[]): Promise<void> {
  const used = new Set<string>();
  for (const entry of pending) entry.row.barcode = drawBarcode(entry, used);
  for (const part of chunks(pending, CHUNK)) {
    let left = part;
    while (left.length > 0) {
      const inserted = await ordersRepository.insertMany(
        tx,
        left.map((entry) => entry.row),
      );
      left = left.filter((entry) => !inserted.has(entry.row.sid));
      for (const entry of left) entry.row.barcode = drawBarcode(entry, used);
    }
  }
}

/**
 * Writes the drafts that can be placed, in the caller's transaction, and reports the others. Throws on what
 * no draft can cause (a barcode still taken after five draws, an order number raced in by another call: the
 * database's unique violation on `orders_account_order_number_key`), leaving the caller to roll back.
 */
export async function placeOrders(
  tx: Transaction,
  drafts: readonly OrderDraft[],
  options: PlaceOptions,
): Promise<Placement> {
  const numberRefusals = await refuseTakenNumbers(tx, drafts);
  const numbered = new Set(numberRefusals.map((refusal) => refusal.index));
  const candidates = drafts.filter((draft) => !numbered.has(draft.index));
  // Sids are drawn in input order before charging, so each ledger row names its order; UUIDv7 sorts by
  // creation, so rows go out in key order.
  const sids = new Map(candidates.map((draft) => [draft.index, newSid()]));
  const creditRefusals = options.deferCharges
    ? []
    : options.policy === 'until-short'
      ? await chargeCredit(tx, candidates, sids, options)
      : await chargeAllOrNothing(tx, candidates, sids, options, numberRefusals.length > 0);
  const refused = [...numberRefusals, ...creditRefusals].sort((a, b) => a.index - b.index);
  if (options.policy === 'all-or-nothing' && refused.length > 0) return { placed: [], refused };

  const short = new Set(creditRefusals.map((refusal) => refusal.index));
  const pending: Pending[] = candidates
    .filter((draft) => !short.has(draft.index))
    .map((draft) => ({
      draft,
      row: {
        ...draft.order,
        sid: sids.get(draft.index) as string,
        barcode: '',
        batchSid: options.batchSid ?? null,
      },
      draws: 0,
    }));
  pending.sort((a, b) => (a.row.sid < b.row.sid ? -1 : a.row.sid > b.row.sid ? 1 : 0));

  await insertOrders(tx, pending);
  const items: NewOrderItemRow[] = pending.flatMap(({ draft, row }) =>
    draft.items.map((item) => ({ ...item, sid: newSid(), orderSid: row.sid })),
  );
  for (const part of chunks(items, CHUNK)) await ordersRepository.insertItems(tx, part);
  // The rows went in as Generated; the funnel writes their first events.
  await recordStatusChanges(
    tx,
    pending.map(({ draft, row }) => ({
      orderSid: row.sid,
      description: text('orders.event.created'),
      location: draft.eventLocation,
    })),
    OrderStatus.Generated,
    { by: options.by, notify: options.notify, initial: true },
  );

  const byInput = [...pending].sort((a, b) => a.draft.index - b.draft.index);
  return {
    placed: byInput.map(({ draft, row }) => ({
      index: draft.index,
      sid: row.sid,
      barcode: row.barcode,
      orderNumber: draft.orderNumber,
    })),
    refused,
  };
}
