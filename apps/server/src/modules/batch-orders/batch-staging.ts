/**
 * Placing a checked batch (batch-placement.ts) without holding the database: its orders are written a chunk
 * per transaction as staged orders (orders/staged-orders.ts), hidden from everyone while the batch is in
 * progress, and one short commit at the end charges them, tells the seller's webhook and sets the batch to
 * success, which shows them all at once. So the embedded database's one connection is never held for more than
 * a chunk, and the batch stays all or nothing (docs/decisions.md, "Batches placed in staged chunks"):
 * - a refusal (an order number placed meanwhile, credit that no longer covers the batch) removes every staged
 *   order before the batch is failed;
 * - a crash leaves staged orders that nobody sees; the job's next attempt removes them and places the batch
 *   again from its file;
 * - each attempt claims the batch (`placing_attempt`) and every chunk checks its claim under the batch row's
 *   lock, so an attempt that outlived its job stops at its next chunk instead of placing beside the new one.
 */
import { BATCH_MAX_ROWS, type BatchRowProblem, type Text, text } from '@parcelops/shared';
import { type Database, isEmbedded, type Transaction } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { nextTurn } from '../../lib/turns.ts';
import { type AccountRowWithVendor, lockAccount } from '../accounts/accounts.service.ts';
import { type CreditEntry, removeStagedCredit } from '../accounts/credit-ledger.ts';
import { chunkSizer } from '../imports/import-placing.ts';
import { type IntakeOrder, type OrderSurvey, openIntake } from '../imports/order-intake.ts';
import { loadDraftContext } from '../orders/draft-context.ts';
import { draftOrder, type OrderDraft } from '../orders/order-drafts.ts';
import {
  commitOrderCharges,
  orderCharge,
  placeOrders,
  type Refusal,
  refreshPlacingStatistics,
  stageOrderCharges,
} from '../orders/place-orders.ts';
import { publishStagedOrders, removeStagedOrders } from '../orders/staged-orders.ts';
import type { ChangedBy, RecordedStatusChange, StatusChangeListener } from '../orders/status-change.ts';
import { batchOrdersRepository } from './batch-orders.repository.ts';

/** Mutable so that tests can lower them and step in between chunks. */
export const STAGING = {
  /** Orders handed over by the file's reader at a time; each is placed in chunks of the sizer's size. */
  readChunk: 1_000,
  /**
   * Orders per transaction: on PGlite fitted to take about `targetMs` (imports/import-placing.ts chunkSizer),
   * so a call waits for at most one chunk; longer than an import's, since a batch is many chunks of
   * per-chunk work (the claim, the drafting context) and its seller waits for all of them.
   */
  embeddedChunk: { first: 100, min: 20, max: 1_000, targetMs: 100 },
  serverChunk: 1_000,
  /** Called after each committed chunk with the orders staged so far (tests: a crash, a rival order). */
  afterChunk: undefined as ((staged: number) => Promise<void>) | undefined,
  /** Called once the charges are written ahead, before the last commit (tests: a rival charge). */
  beforeCommit: undefined as (() => Promise<void>) | undefined,
};

/** A refusal of placeOrders, with the first sheet row of the order it refused. */
export type RowRefusal = Refusal & { row: number };

export interface StagingJob {
  db: Database;
  batchSid: string;
  account: AccountRowWithVendor;
  file: Buffer;
  survey: OrderSurvey;
  by: ChangedBy;
  notify: StatusChangeListener;
}

export type StagingOutcome =
  | { kind: 'success'; orders: number }
  /** Another attempt owns the batch now, or it is no longer in progress: this one leaves it alone. */
  | { kind: 'superseded' }
  /** Order numbers placed meanwhile; the staged orders are still there, for the caller to fail the batch. */
  | { kind: 'refused'; refusals: RowRefusal[]; attempt: string }
  /** The balance no longer covers the batch; likewise. */
  | { kind: 'short'; attempt: string };

class Superseded extends Error {}
class Refused extends Error {
  constructor(readonly refusals: RowRefusal[]) {
    super('Some orders of the batch were refused.');
  }
}
class Short extends Error {}

export async function placeStaged(job: StagingJob): Promise<StagingOutcome> {
  const { db, batchSid } = job;
  const attempt = await batchOrdersRepository.claimPlacing(db, batchSid);
  if (attempt === undefined) return { kind: 'superseded' };
  // An earlier attempt's orders and charges (a crash, a job handed back) go first: this attempt places every
  // order again.
  await removeStagedCredit(db, batchSid);
  await removeStagedOrders(db, batchSid);

  const charges: CreditEntry[] = [];
  // The seller's webhook hears of the orders when they are published, not while they are staged.
  const changes: RecordedStatusChange[] = [];
  const held: StatusChangeListener = {
    statusesChanged: async (_tx, recorded) => {
      for (const change of recorded) changes.push(change);
    },
  };
  let staged = 0;
  let charged = 0;
  let refreshAt = 2_000;
  const size = chunkSizer(isEmbedded(db), STAGING.embeddedChunk, STAGING.serverChunk);
  const intake = await openIntake(job.file, job.survey, BATCH_MAX_ROWS, STAGING.readChunk);
  try {
    for await (const read of intake.chunks)
      for (let start = 0; start < read.length; ) {
        const part = read.slice(start, start + size.next());
        start += part.length;
        const began = performance.now();
        const placed = await db.transaction(async (tx) => {
          if (!(await batchOrdersRepository.ownsPlacing(tx, batchSid, attempt, 'share')))
            throw new Superseded();
          const drafts = await redraft(tx, job.account, part);
          const placement = await placeOrders(tx, drafts, {
            policy: 'all-or-nothing',
            by: job.by,
            batchSid,
            notify: held,
            deferCharges: true,
          });
          if (placement.refused.length > 0)
            throw new Refused(
              placement.refused.map((refusal) => ({
                ...refusal,
                row: (part[refusal.index] as IntakeOrder).rows[0] as number,
              })),
            );
          await batchOrdersRepository.countPlaced(tx, batchSid, placement.placed.length);
          return placement.placed.map((order) => ({
            sid: order.sid,
            draft: drafts[order.index] as OrderDraft,
          }));
        });
        size.took(performance.now() - began);
        for (const { sid, draft } of placed) {
          if (draft.useCredit) charges.push(orderCharge(draft, sid, job.by));
          charged += draft.vnd;
        }
        staged += placed.length;
        if (staged >= refreshAt) {
          refreshAt *= 4;
          await refreshPlacingStatistics(db);
        }
        await STAGING.afterChunk?.(staged);
        // Calls that arrived during the chunk go before the next one.
        await nextTurn();
      }
  } catch (error) {
    if (error instanceof Superseded) return { kind: 'superseded' };
    if (error instanceof Refused) return { kind: 'refused', refusals: error.refusals, attempt };
    throw error;
  } finally {
    await intake.close();
  }

  // The charges are written ahead too, hidden under the batch, so its last commit only moves the balance.
  const owns = (tx: Transaction) => batchOrdersRepository.ownsPlacing(tx, batchSid, attempt, 'share');
  const ahead =
    charges.length > 0 ? await stageOrderCharges(db, job.account.sid, batchSid, charges, owns) : null;
  if (ahead === 'superseded') return { kind: 'superseded' };
  if (ahead === 'short') return { kind: 'short', attempt };
  await STAGING.beforeCommit?.();
  try {
    return await db.transaction(async (tx) => {
      if (!(await batchOrdersRepository.ownsPlacing(tx, batchSid, attempt, 'update')))
        return { kind: 'superseded' } as const;
      if (!(await lockAccount(tx, job.account.sid))) throw AppError.notFound(text('accounts.notFound'));
      if (ahead && !(await commitOrderCharges(tx, ahead, charges))) throw new Short();
      if (changes.length > 0) await job.notify.statusesChanged(tx, changes);
      await publishStagedOrders(tx, batchSid);
      await batchOrdersRepository.markSucceeded(tx, batchSid, staged, charged);
      return { kind: 'success', orders: staged } as const;
    });
  } catch (error) {
    if (error instanceof Short) return { kind: 'short', attempt };
    throw error;
  }
}

/**
 * Fails the batch with `reason` after removing its staged orders: the bulk of them first, a chunk per
 * statement; then, under the batch row's lock, whatever is left, and the failure itself. `attempt` is the
 * claim of the attempt failing it (none before placing began, or when the job gives up): a batch another
 * attempt has claimed since is left to that attempt.
 */
export async function failBatch(
  db: Database,
  batchSid: string,
  attempt: string | null,
  reason: Text,
  problems: readonly BatchRowProblem[] = [],
  english?: string,
): Promise<void> {
  await removeStagedCredit(db, batchSid);
  await removeStagedOrders(db, batchSid);
  await db.transaction(async (tx) => {
    if (!(await batchOrdersRepository.ownsPlacing(tx, batchSid, attempt, 'update'))) return;
    await removeStagedCredit(tx, batchSid);
    await removeStagedOrders(tx, batchSid);
    await batchOrdersRepository.markFailed(tx, batchSid, reason, problems, english);
  });
}

/** A chunk of checked orders drafted again in its transaction, each at its place in the chunk. */
async function redraft(
  tx: Database,
  account: AccountRowWithVendor,
  chunk: readonly IntakeOrder[],
): Promise<OrderDraft[]> {
  const inputs = chunk.map((order) => {
    // Checked a moment ago; the file is the same bytes, so only a bug of ours lands here.
    if (!order.input) throw new Error('A batch order no longer checks as it did.');
    return order.input;
  });
  const context = await loadDraftContext(tx, account, inputs);
  return inputs.map((input, index) => {
    const result = draftOrder(input, index, context);
    // Checked a moment ago; a declaration or price changed since: the retry checks the file again.
    if (!result.ok) throw new Error('A batch order no longer drafts as it did when it was checked.');
    return result.draft;
  });
}
