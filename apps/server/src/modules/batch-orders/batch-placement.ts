/**
 * The work of a batch order's job: read the stored file, check every row by the import's rules, draft every
 * order, then place them all through placeOrders (priced, charged, HS codes and SKU weights filled), or none:
 * the batch ends `success`, or `failed` with every bad row named (row, column, value, why) and no orders and no
 * charge.
 *
 * Placing is batch-staging.ts: the orders are written a chunk per transaction, hidden until the one commit
 * that charges them and sets the batch to success. Exactly once, whatever happens to the process: a retry (a
 * crash, a handed-back job) finds the batch finished and stops, or finds it in progress and places it again
 * after removing what the earlier attempt staged. Checking and drafting write nothing, so repeating them is
 * harmless. Every failure removes the staged orders before the batch is failed.
 *
 * A "Check only" batch runs the same checks and drafting (order numbers the account has used, and the credit,
 * included) and then stops: it ends `initiated` with its quote, or `failed` with every problem, and nothing is
 * written to orders or credit. "Run again" (POST /batch_orders/{sid}/run) puts a failed or checked batch back
 * in progress with a new job, which places it from the stored file by the same path.
 */
import {
  BATCH_MAX_ROWS,
  type BatchRowProblem,
  type CreditUnit,
  roundMoney,
  type Text,
  text,
} from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { cellText } from '../../lib/excel/cell-value.ts';
import type { SheetRow } from '../../lib/excel/sheet-reader.ts';
import { type AccountRowWithVendor, findAccount } from '../accounts/accounts.service.ts';
import { formatMoney } from '../accounts/credit-ledger.ts';
import { draftSheetProblems, type SheetProblem, sheetProblem } from '../imports/import-columns.ts';
import {
  type IntakeOrder,
  type OrderIntake,
  type OrderSurvey,
  openIntake,
  surveyOrders,
} from '../imports/order-intake.ts';
import { loadDraftContext } from '../orders/draft-context.ts';
import { draftOrder, type OrderInput, priceIn } from '../orders/order-drafts.ts';
import { orderNumberTakenText } from '../orders/place-orders.ts';
import type { ChangedBy, StatusChangeListener } from '../orders/status-change.ts';
import { batchOrdersRepository } from './batch-orders.repository.ts';
import { failBatch, placeStaged } from './batch-staging.ts';

/** Orders checked and drafted between two turns of the event loop (their context lookups included). */
const DRAFT_CHUNK = 500;
/** Bad rows named in the reason itself; the problems list and the error sheet have every one. */
const REASON_NAMES = 20;

export type BatchOutcome = 'success' | 'checked' | 'failed' | 'already-finished';

export async function placeBatch(
  db: Database,
  batchSid: string,
  notify: StatusChangeListener,
): Promise<BatchOutcome> {
  const batch = await batchOrdersRepository.find(db, batchSid);
  // Only a batch in progress has work to do: a finished one (success, failed, or checked and initiated) stops.
  if (batch?.status !== 'in-progress') return 'already-finished';
  // The orders' first events and charges name whoever uploaded the batch.
  const by: ChangedBy = { userSid: batch.createdByUserSid, apiKeySid: batch.createdByApiKeySid };
  await batchOrdersRepository.markStarted(db, batchSid);
  // Every failure removes what an attempt staged first (batch-staging.ts): a failed batch has no orders.
  const fail = async (
    reason: Text,
    problems: readonly BatchRowProblem[] = [],
    english?: string,
    attempt: string | null = null,
  ) => {
    await failBatch(db, batchSid, attempt, reason, problems, english);
    return 'failed' as const;
  };

  const account = await findAccount(db, batch.accountSid);
  if (!account) return 'already-finished';
  if (!account.isActive) return fail(text('batch.accountInactive', { name: account.name }));
  const stored = await batchOrdersRepository.file(db, batchSid);
  if (!stored?.file) return fail(text('batch.fileMissing'));

  const checked = await checkAndDraft(db, batchSid, account, stored.file);
  if ('refusal' in checked) return fail(checked.refusal);
  if ('problems' in checked) {
    const list = checked.problems.list();
    return fail(rowsText(list), list, reasonFor(list));
  }

  // Nothing of the file is held from here: placing reads it again, a chunk at a time.
  const { survey, orders, cost, priced } = checked;
  if (batch.checkOnly) {
    const balance = await balanceOf(db, account);
    // A check fails where placing would: a balance that cannot cover the batch, named with the cost.
    if (account.useCredit && cost > balance) return fail(creditText(account.creditUnit, balance, cost));
    await batchOrdersRepository.markChecked(db, batchSid, {
      orders,
      cost: priced,
      unit: account.creditUnit,
      balance: account.useCredit ? balance : null,
    });
    return 'checked';
  }
  // Credit that cannot cover the batch now fails it before anything is staged (the commit checks it again).
  if (account.useCredit && cost > (await balanceOf(db, account)))
    return fail(await creditShortfall(db, account, cost));
  const outcome = await placeStaged({ db, batchSid, account, file: stored.file, survey, by, notify });
  if (outcome.kind === 'success') return 'success';
  if (outcome.kind === 'superseded') return 'already-finished';
  if (outcome.kind === 'short')
    return fail(await creditShortfall(db, account, cost), [], undefined, outcome.attempt);
  const list: BatchRowProblem[] = outcome.refusals.map((refusal) => ({
    row: refusal.row,
    column: checked.orderNumberTitle,
    value: refusal.orderNumber,
    msg: refusal.message,
    key: refusal.text.key,
    ...(refusal.text.params ? { params: refusal.text.params } : {}),
  }));
  return fail(rowsText(list), list, reasonFor(list), outcome.attempt);
}

type Checked =
  | { refusal: Text }
  | { problems: ProblemList }
  | {
      /** The file's first read, for reading it again to place it. */
      survey: OrderSurvey;
      /** The good orders: all of the file's. */
      orders: number;
      orderNumberTitle: string;
      /** What the charged orders cost in all, in the account's unit (the credit refusal says it). */
      cost: number;
      /** What every order costs in all, charged on credit or not, in the account's unit (a check's quote). */
      priced: number;
    };

/**
 * Reads the file through, checks every row by the import's rules and drafts every order, a chunk at a time
 * between turns of the event loop: what the batch would cost, or every problem found. Nothing of the file is
 * kept but its problems.
 */
async function checkAndDraft(
  db: Database,
  batchSid: string,
  account: AccountRowWithVendor,
  file: Buffer,
): Promise<Checked> {
  let survey: OrderSurvey;
  let intake: OrderIntake;
  try {
    survey = await surveyOrders(file, BATCH_MAX_ROWS);
    intake = await openIntake(file, survey, BATCH_MAX_ROWS, DRAFT_CHUNK);
  } catch (error) {
    // The file was checked at upload; a refusal now is still the file's, and says what to fix.
    if (error instanceof AppError && error.status < 500) return { refusal: error.text };
    throw error;
  }
  const problems = new ProblemList(intake.titleOf);
  const unit: CreditUnit = account.creditUnit;
  let cost = 0;
  let priced = 0;
  let orders = 0;
  try {
    for await (const chunk of intake.chunks) {
      const valid: IntakeOrder[] = [];
      for (const order of chunk)
        if (order.problems.length > 0 || !order.input) problems.add(order.problems, order.group);
        else valid.push(order);
      const context = await loadDraftContext(
        db,
        account,
        valid.map((order) => order.input as OrderInput),
      );
      const drafted: IntakeOrder[] = [];
      for (const [index, order] of valid.entries()) {
        const result = draftOrder(order.input as OrderInput, index, context);
        if (!result.ok) problems.add(draftSheetProblems(order, result.problems), order.group);
        else {
          drafted.push(order);
          const price = roundMoney(priceIn(result.draft, unit), unit);
          priced += price;
          if (result.draft.useCredit) cost += price;
        }
      }
      for (const { order, problem } of await takenNumbers(db, batchSid, account.sid, drafted))
        problems.add([problem], order.group);
      orders += drafted.length;
    }
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { refusal: error.text };
    throw error;
  } finally {
    await intake.close();
  }
  if (problems.count > 0) return { problems };
  return { survey, orders, orderNumberTitle: intake.titleOf('orderNumber'), cost, priced };
}

/**
 * The orders whose number the account has used already, each on its first row in the orderNumber column (as
 * placing would refuse them), so a check names them too and a batch fails on them before it starts placing.
 */
async function takenNumbers(
  db: Database,
  batchSid: string,
  accountSid: string,
  drafted: readonly IntakeOrder[],
) {
  const found: { order: IntakeOrder; problem: SheetProblem }[] = [];
  if (drafted.length === 0) return found;
  const taken = await batchOrdersRepository.takenOrderNumbers(
    db,
    accountSid,
    drafted.map(numberOf),
    batchSid,
  );
  for (const order of drafted)
    if (taken.has(numberOf(order)))
      found.push({
        order,
        problem: sheetProblem(
          [order.rows[0] as number],
          'orderNumber',
          orderNumberTakenText(numberOf(order)),
        ),
      });
  return found;
}

/** The order number as placing reads it (the checked input's). */
const numberOf = (order: IntakeOrder) => (order.input as OrderInput).orderNumber;

/** The account's balance now, in its unit. */
async function balanceOf(db: Database, account: AccountRowWithVendor): Promise<number> {
  return Number((await findAccount(db, account.sid))?.creditBalance ?? account.creditBalance);
}

const creditText = (unit: CreditUnit, balance: number, cost: number): Text =>
  text('batch.creditShort', { balance: formatMoney(balance, unit), cost: formatMoney(cost, unit) });

/** Only credit is left: what the whole batch costs against what the account holds now. */
async function creditShortfall(db: Database, account: AccountRowWithVendor, cost: number): Promise<Text> {
  return creditText(account.creditUnit, await balanceOf(db, account), cost);
}

/** The reason's text for bad rows: how many (the web lists each row's own text under it). */
function rowsText(listed: readonly BatchRowProblem[]): Text {
  return text('batch.rowsHaveProblems', { count: new Set(listed.map((entry) => entry.row)).size });
}

/** The reason of a failed batch: how many rows, the first REASON_NAMES of them named. */
function reasonFor(listed: readonly BatchRowProblem[]): string {
  const rows = new Set(listed.map((entry) => entry.row)).size;
  const named = listed.slice(0, REASON_NAMES).map((entry) => {
    const where = entry.column ? `Row ${entry.row}, column ${entry.column}` : `Row ${entry.row}`;
    const value = entry.value === null ? '' : ` ("${entry.value}")`;
    return `${where}${value}: ${entry.msg}`;
  });
  const more = listed.length - named.length;
  return (
    `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row has' : 'rows have'} problems; nothing was placed. ` +
    `${named.join('; ')}${more > 0 ? `; and ${more.toLocaleString('en-US')} more (see the list, or download the sheet with errors)` : ''}.`
  );
}

/** Bad rows in sheet order, each with its cell's value, and the reason that names them. */
class ProblemList {
  private readonly entries: BatchRowProblem[] = [];

  constructor(private readonly titleOf: (key: string) => string) {}

  /** An order's problems, each cell's value read from the order's own rows. */
  add(problems: readonly SheetProblem[], group: readonly SheetRow[]): void {
    for (const problem of problems)
      for (const row of problem.rows) {
        const cells = group.find((entry) => entry.row === row)?.cells;
        const cell = problem.column ? cells?.[problem.column] : undefined;
        const value = cell === undefined || cell === null ? null : cellText(cell);
        this.entries.push({
          row,
          column: problem.column ? this.titleOf(problem.column) : null,
          value: value === '' ? null : value,
          msg: problem.message,
          key: problem.text.key,
          ...(problem.text.params ? { params: problem.text.params } : {}),
        });
      }
  }

  get count(): number {
    return this.entries.length;
  }

  list(): BatchRowProblem[] {
    return [...this.entries].sort((a, b) => a.row - b.row);
  }
}
