import {
  type CreateOrderInputSchema,
  type ListOrdersQuery,
  type Order,
  type OrderCreditEntry,
  type OrderHistoryEntry,
  type OrderQuote,
  type OrderQuoteInputSchema,
  type OrderStatisticQuery,
  OrderStatus,
  Role,
  storedText,
  type TrackingEvent,
  text,
  type UpdateOrderInputSchema,
} from '@parcelops/shared';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.ts';
import { type Actor, accountScope, crossesAccounts, ownsAccount } from '../../lib/account-scope.ts';
import { AppError, fieldError, isUniqueViolation } from '../../lib/app-error.ts';
import { chunks } from '../../lib/chunks.ts';
import { type AccountRowWithVendor, findAccount } from '../accounts/accounts.service.ts';
import { recordCreditChange } from '../accounts/credit-ledger.ts';
import { orderCreditEntries } from '../accounts/order-ledger.ts';
import { loadDeclarations, loadDraftContext, loadPriceRows } from './draft-context.ts';
import { orderBatchesRepository } from './order-batches.repository.ts';
import { chargedSoFar } from './order-credit.ts';
import { assertDeletable } from './order-deletion.ts';
import { assertEditedDestination } from './order-destination.ts';
import { draftOrder, type OrderProblem, quoteItems, skusToDeclare } from './order-drafts.ts';
import { readOrderHistory, recordOrderHistory } from './order-history.ts';
import { editOrderItem, type ManifestSubmitStateLookup, type UpdateOrderItem } from './order-item-edit.ts';
import type { OrderFilter } from './order-list-sql.ts';
import { type OrderListItem, toOrder, toOrderListItem } from './order-views.ts';
import { type NewOrderRow, type OrderWithItems, ordersRepository } from './orders.repository.ts';
import { orderNumberTaken, placeOrders, refusalError } from './place-orders.ts';
import { reweigh } from './reweigh.ts';
import { changedBy, type StatusChangeListener } from './status-change.ts';

export { type OrderListItem, toOrder, toOrderListItem } from './order-views.ts';
export type { OrderWithItems } from './orders.repository.ts';

type CreateOrder = z.output<typeof CreateOrderInputSchema>;
type UpdateOrder = z.output<typeof UpdateOrderInputSchema>;
type QuoteOrder = z.output<typeof OrderQuoteInputSchema>;

const orderNotFound = () => AppError.notFound(text('orders.notFound'));

/** The customer's details an edit may change, by their names on the wire (the order row's too). */
const CUSTOMER_FIELDS = [
  'name',
  'phone',
  'address1',
  'address2',
  'city',
  'state',
  'country',
  'postalCode',
] as const satisfies readonly (keyof UpdateOrder & keyof NewOrderRow)[];

/** A drafting problem as POST /orders answers it: a field's 400 when it names one, else a plain 400. */
const problemError = (problem: OrderProblem) =>
  problem.path
    ? fieldError(problem.path, problem.text ?? problem.message)
    : AppError.badRequest(problem.text ?? problem.message);

/** The SQL constraint a database error names (pg and PGlite both report it; Drizzle wraps it in `cause`). */
function constraintOf(error: unknown): string | undefined {
  const direct = (error as { constraint?: unknown } | null)?.constraint;
  const wrapped = (error as { cause?: { constraint?: unknown } } | null)?.cause?.constraint;
  const name = typeof direct === 'string' ? direct : wrapped;
  return typeof name === 'string' ? name : undefined;
}

/**
 * Order numbers by sid, for other domains that keep an order's sid (the credit usage report); in chunks, as a
 * statement takes at most 65,535 parameters. Orders deleted since are left out.
 */
export async function orderNumbersOf(
  db: Executor,
  orderSids: readonly string[],
): Promise<Map<string, string>> {
  const numbers = new Map<string, string>();
  for (const part of chunks(orderSids, 10_000)) {
    for (const [sid, orderNumber] of await ordersRepository.orderNumbers(db, part))
      numbers.set(sid, orderNumber);
  }
  return numbers;
}

/**
 * The order with its items, account name and address, for other domains that work on one order (labels); they
 * decide who may see it. Undefined when there is no such order.
 */
export function findOrder(db: Executor, sid: string): Promise<OrderWithItems | undefined> {
  return ordersRepository.findWithItems(db, sid);
}

/**
 * The orders of `sids` as findOrder reads one, a page of `pageSize` a statement (and one for their items), in
 * the order of `sids`: a page at a time, so printing thousands never holds them all. Deleted ones are left out.
 */
export async function* orderPagesBySids(
  db: Executor,
  sids: readonly string[],
  pageSize: number,
): AsyncGenerator<OrderWithItems[]> {
  for (const page of chunks(sids, pageSize)) yield await orderBatchesRepository.bySids(db, page);
}

/**
 * Orders: creation (priced from the account's table, charged to its credit in the same transaction), the list
 * and its statistic, the admin's corrections (customer, weight, HS codes) and deletion with refund.
 * Account users and their API keys work on their own account only; staff see every account.
 */
export class OrdersService {
  constructor(
    private readonly db: Database,
    /** Told of every status change (the seller's webhook events). */
    private readonly notify: StatusChangeListener,
    private readonly options: {
      /**
       * Whether a manifest is submitted, its row locked (the AMS room's, handed in by the composition root: orders
       * never import it). Without it, only the order's status stops an item edit.
       */
      manifestState?: ManifestSubmitStateLookup;
    } = {},
  ) {}

  /** The list's filter for this actor (scope and refusals included); the order reports use it too. */
  filterOf(actor: Actor, query: OrderStatisticQuery & { status?: number }): OrderFilter {
    // Manifest filters are the operators' and admins' (spec §6); a seller asking for them is refused.
    if (!crossesAccounts(actor) && (query.ams_masterAirWaybill || query.ams_carton_label))
      throw AppError.forbidden(text('access.noAccess'));
    return {
      accountSid: accountScope(actor, query.account_sid),
      status: query.status,
      from: query.from_date,
      toBefore: query.to_date,
      text: query.filter,
      missingHsCode: query.filter_missing_hs_code,
      amsMasterAirWaybill: query.ams_masterAirWaybill,
      amsCartonLabel: query.ams_carton_label,
      amsSid: query.ams_sid,
      batchSid: query.batch_sid,
    };
  }

  async list(actor: Actor, query: ListOrdersQuery): Promise<{ data: OrderListItem[]; total: number }> {
    const filter = this.filterOf(actor, query);
    const rows = await ordersRepository.list(this.db, filter, query.page, query.page_size, {
      sort: query.sort,
      direction: query.direction,
    });
    // An empty first page means nothing matches; only a page past the end needs the total asked for apart.
    const total = rows[0]?.total ?? (query.page === 0 ? 0 : await ordersRepository.count(this.db, filter));
    return { data: rows.map(toOrderListItem), total };
  }

  statistic(actor: Actor, query: OrderStatisticQuery): Promise<{ status: number; count: number }[]> {
    return ordersRepository.countByStatus(this.db, this.filterOf(actor, query));
  }

  /** Another account's order is not found, as if it did not exist. */
  async get(actor: Actor, sid: string): Promise<Order> {
    const row = await ordersRepository.findWithItems(this.db, sid);
    if (!row || !ownsAccount(actor, row.accountSid)) throw orderNotFound();
    return toOrder(row);
  }

  /** The order's credit ledger rows (charge, refunds, re-weighs), oldest first, for whoever may open it. */
  async creditEntries(actor: Actor, sid: string): Promise<OrderCreditEntry[]> {
    const order = await this.get(actor, sid);
    return orderCreditEntries(this.db, order.sid);
  }

  private async orderAccount(actor: Actor, requested: string | undefined): Promise<AccountRowWithVendor> {
    // Orders are placed by account users for their own account and by admins for the one they choose;
    // operators place none.
    let accountSid: string | undefined;
    if (!crossesAccounts(actor)) accountSid = accountScope(actor, requested);
    else if (actor.role === Role.admin) accountSid = requested;
    else throw AppError.forbidden();
    if (!accountSid) throw fieldError('account_sid', text('orders.chooseAccount'));
    const account = await findAccount(this.db, accountSid);
    if (!account) throw AppError.notFound(text('accounts.notFound'));
    if (!account.isActive) throw AppError.badRequest(text('orders.accountInactive', { name: account.name }));
    return account;
  }

  /**
   * What an order of these items would weigh and cost: the same account checks, declarations, weight and price
   * lookup as create (order-drafts.ts), so the figure shown while typing is the one the order is charged, and
   * its refusals read the same.
   */
  async quote(actor: Actor, input: QuoteOrder): Promise<OrderQuote> {
    const account = await this.orderAccount(actor, input.account_sid);
    const quoted = quoteItems(input.items, {
      account,
      priceRows: await loadPriceRows(this.db, account),
      declarations: await loadDeclarations(this.db, account.sid, skusToDeclare(input.items)),
    });
    if ('message' in quoted) throw problemError(quoted);
    return quoted;
  }

  /**
   * Spec §5 and product decisions: the order is drafted (priced from the account's table, weighed and declared
   * from the account's item declarations where the request leaves that out) and placed, charge included, in
   * one transaction: a refused order leaves nothing behind. The one-order case of what batches and imports do.
   */
  async create(actor: Actor, input: CreateOrder): Promise<Order> {
    const account = await this.orderAccount(actor, input.account_sid);
    const drafted = draftOrder(input, 0, await loadDraftContext(this.db, account, [input]));
    if (!drafted.ok) throw problemError(drafted.problems[0] as OrderProblem);
    try {
      const sid = await this.db.transaction(async (tx) => {
        const { placed, refused } = await placeOrders(tx, [drafted.draft], {
          policy: 'all-or-nothing',
          by: changedBy(actor),
          notify: this.notify,
        });
        if (refused[0]) throw refusalError(refused[0]);
        return (placed[0] as { sid: string }).sid;
      });
      return this.get(actor, sid);
    } catch (error) {
      // Another call placed the same number between the check and the insert.
      if (isUniqueViolation(error) && constraintOf(error) === 'orders_account_order_number_key')
        throw orderNumberTaken(input.orderNumber);
      throw error;
    }
  }

  /**
   * Admins correct the customer's details and the weight (spec §5); operators re-weigh at the hub, the weight
   * alone. A new weight is a re-weigh (reweigh.ts): re-priced from the account's current table, the difference
   * charged or refunded, in one transaction. Each is recorded as the caller's in the order history: the
   * re-weigh by reweigh.ts, an edit as 'edited' with the names of the fields that changed (never their values).
   */
  async update(actor: Actor, sid: string, input: UpdateOrder): Promise<Order> {
    const changes: Partial<NewOrderRow> = {};
    for (const field of ['name', 'address1', 'city', 'state', 'country', 'postalCode'] as const) {
      if (input[field] !== undefined) changes[field] = input[field];
    }
    if (input.phone !== undefined) changes.phone = input.phone;
    if (input.address2 !== undefined) changes.address2 = input.address2;
    if (Object.keys(changes).length === 0 && input.weight === undefined)
      throw AppError.badRequest(text('orders.nothingToChange'));
    if (actor.role !== Role.admin && Object.keys(changes).length > 0)
      throw AppError.forbidden(text('orders.operatorReweighOnly'));

    await this.db.transaction(async (tx) => {
      const order = await ordersRepository.lockBySid(tx, sid);
      if (!order) throw orderNotFound();
      if (order.status === OrderStatus.OrderFailed)
        throw AppError.conflict(text('orders.orderFailedUnchangeable'));
      assertEditedDestination(order, changes);
      if (input.weight !== undefined) await reweigh(tx, order, input.weight, { by: changedBy(actor) });
      const edited = CUSTOMER_FIELDS.filter((field) => field in changes && changes[field] !== order[field]);
      if (Object.keys(changes).length > 0) await ordersRepository.update(tx, sid, changes);
      if (edited.length > 0)
        await recordOrderHistory(
          tx,
          [{ order, action: 'edited', details: { fields: edited } }],
          changedBy(actor),
        );
    });
    return this.get(actor, sid);
  }

  /**
   * Staff correct a placed order's item until its manifest is submitted (order-item-edit.ts): admins every
   * field, operators all but the HS code; recorded in the order's history with old and new values, re-priced
   * when the chargeable weight changes. Replies with the whole order.
   */
  async updateItem(actor: Actor, itemSid: string, input: UpdateOrderItem): Promise<Order> {
    const orderSid = await editOrderItem(this.db, actor, itemSid, input, this.options.manifestState);
    return this.get(actor, orderSid);
  }

  /**
   * The order's history for the staff (the route admits only them), newest first: status changes, re-weighs,
   * edits and a deletion, each with who made it (order-history.ts). Not found for an order that never existed.
   */
  async history(actor: Actor, sid: string): Promise<OrderHistoryEntry[]> {
    if (!crossesAccounts(actor)) throw AppError.forbidden(text('access.noAccess'));
    const entries = await readOrderHistory(this.db, sid);
    if (!entries) throw orderNotFound();
    return entries;
  }

  /**
   * Only a Generated order the hub has never handled may be deleted (product decisions, order-deletion.ts);
   * what it cost on credit (charge and re-weighs, from the ledger) is refunded in the same transaction. The row
   * is locked first, so a scan racing the deletion either finds no order or gets there first and the deletion
   * is refused. Its events go with it; the order history keeps who deleted it.
   */
  async delete(actor: Actor, sid: string): Promise<{ sid: string }> {
    await this.db.transaction(async (tx) => {
      const order = await ordersRepository.lockBySid(tx, sid);
      if (!order || !ownsAccount(actor, order.accountSid)) throw orderNotFound();
      await assertDeletable(tx, order);
      const account = await findAccount(tx, order.accountSid);
      const unit = account?.creditUnit ?? 'VND';
      const charged = await chargedSoFar(tx, order, unit);
      const refunded = charged !== null && charged > 0;
      if (refunded) {
        await recordCreditChange(tx, {
          accountSid: order.accountSid,
          kind: 'refund',
          amount: charged,
          orderSid: order.sid,
          note: text('accounts.ledger.orderDeleted', { orderNumber: order.orderNumber }),
          createdBy: actor.userSid,
        });
      }
      await recordOrderHistory(
        tx,
        [{ order, action: 'deleted', details: { refund: refunded ? { amount: charged, unit } : null } }],
        changedBy(actor),
      );
      await ordersRepository.delete(tx, sid);
    });
    return { sid };
  }

  /** The public tracking page: the events of the parcel with this barcode, oldest first, and nothing else. */
  async track(barcode: string): Promise<TrackingEvent[]> {
    const code = barcode.trim();
    const order =
      (await ordersRepository.findByBarcode(this.db, code)) ??
      (code.toUpperCase() === code
        ? undefined
        : await ordersRepository.findByBarcode(this.db, code.toUpperCase()));
    if (!order) throw AppError.notFound(text('tracking.notFound', { barcode: code }));
    const events = await ordersRepository.trackingEvents(this.db, order.sid);
    return events.map((event) => ({
      description: event.description,
      description_text: storedText(event.descriptionKey, event.descriptionParams),
      location: event.location,
      location_text: storedText(event.locationKey, null),
      eventTime: event.eventTime.toISOString(),
      status: event.status,
    }));
  }
}
