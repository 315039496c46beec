import {
  type CreateOrderInputSchema,
  type CreditUnit,
  canDeleteOrder,
  chargeableWeight,
  ErrorCode,
  type ListOrdersQuery,
  Messages,
  type Order,
  type OrderQuote,
  type OrderQuoteInputSchema,
  type OrderStatisticQuery,
  OrderStatus,
  PriceLookupError,
  type PriceRow,
  priceFor,
  Role,
  type TrackingEvent,
  type UpdateOrderInputSchema,
} from '@parcelops/shared';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/database.ts';
import { AppError, fieldError, isUniqueViolation } from '../../lib/app-error.ts';
import { newSid } from '../../lib/ids.ts';
import type { Actor } from '../../plugins/access.ts';
import { type AccountRowWithVendor, accountsRepository } from '../accounts/accounts.repository.ts';
import { InsufficientCreditError, recordCreditChange } from '../accounts/credit-ledger.ts';
import { hsCodesRepository } from '../hs-codes/hs-codes.repository.ts';
import { priceTablesRepository } from '../price-tables/price-tables.repository.ts';
import { newBarcode } from './barcode.ts';
import {
  type NewOrderRow,
  type OrderFilter,
  type OrderListRow,
  type OrderRow,
  type OrderWithItems,
  ordersRepository,
} from './orders.repository.ts';
import { recordTrackingEvent } from './status-change.ts';

type CreateOrder = z.output<typeof CreateOrderInputSchema>;
type UpdateOrder = z.output<typeof UpdateOrderInputSchema>;
type QuoteOrder = z.output<typeof OrderQuoteInputSchema>;
export type OrderListItem = Omit<Order, 'items'>;

/** The largest chargeable weight a stored order can hold (an int column, grams). */
const MAX_WEIGHT = 2_147_483_647;
/** Draws of a fresh barcode before giving up; a collision among 10^10 codes is already rare. */
const BARCODE_ATTEMPTS = 5;

export function toOrderListItem(row: OrderListRow): OrderListItem {
  return {
    sid: row.sid,
    orderNumber: row.orderNumber,
    account_sid: row.accountSid,
    account_name: row.accountName,
    status: row.status,
    reason: row.reason,
    name: row.name,
    phone: row.phone,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    country: row.country,
    postalCode: row.postalCode,
    weight: row.weight,
    width: Number(row.width),
    length: Number(row.length),
    height: Number(row.height),
    vnd: Number(row.vnd),
    usd: Number(row.usd),
    barcode: row.barcode,
    shipping_partner: row.shippingPartner,
    date_created: row.dateCreated.toISOString(),
    sellerInformation: row.sellerInformation ?? null,
    ams_sid: row.amsSid,
    ams_carton_label: row.amsCartonLabel,
    ams_masterAirWaybill: row.amsMasterAirWaybill,
    ams_automatedManifestSystemId: row.amsAutomatedManifestSystemId,
    ams_details: row.amsDetails ?? null,
  };
}

export function toOrder(row: OrderWithItems): Order {
  return {
    ...toOrderListItem(row),
    items: row.items.map((item) => ({
      sid: item.sid,
      skuNumber: item.skuNumber,
      quantity: item.quantity,
      itemDescription: item.itemDescription,
      itemWeight: Number(item.itemWeight),
      itemWidth: Number(item.itemWidth),
      itemHeight: Number(item.itemHeight),
      itemLength: Number(item.itemLength),
      hs_code: item.hsCode,
    })),
  };
}

const orderNotFound = () => AppError.notFound('Order not found.');
const orderNumberTaken = (orderNumber: string) =>
  AppError.conflict(`Order number ${orderNumber} already exists in this account.`);
const unknownHsCode = (code: string) => `The HS code ${code} is not in the HS code table.`;
const insufficientCredit = (error: InsufficientCreditError) =>
  new AppError(ErrorCode.INSUFFICIENT_CREDIT, 422, error.message);

/** The SQL constraint a database error names (pg and PGlite both report it; Drizzle wraps it in `cause`). */
function constraintOf(error: unknown): string | undefined {
  const direct = (error as { constraint?: unknown } | null)?.constraint;
  const wrapped = (error as { cause?: { constraint?: unknown } } | null)?.cause?.constraint;
  const name = typeof direct === 'string' ? direct : wrapped;
  return typeof name === 'string' ? name : undefined;
}

const priceIn = (price: { vnd: number; usd: number }, unit: CreditUnit) =>
  unit === 'VND' ? price.vnd : price.usd;

/** The price for a weight from the account's current table, or a 400 that says why there is none. */
async function priceOf(db: Executor, account: { name: string; priceSid: string | null }, weight: number) {
  if (weight > MAX_WEIGHT) {
    throw AppError.badRequest(`The chargeable weight ${weight.toLocaleString('en-US')} g is too large.`);
  }
  const table = account.priceSid ? await priceTablesRepository.findBySid(db, account.priceSid) : undefined;
  if (!table) throw AppError.badRequest(`The account ${account.name} has no price table.`);
  try {
    return priceFor(table.rows as PriceRow[], weight);
  } catch (error) {
    if (error instanceof PriceLookupError) throw AppError.badRequest(error.message);
    throw error;
  }
}

/**
 * Orders: creation (priced from the account's table, charged to its credit in the same transaction), the list
 * and its statistic, the admin's corrections (customer, weight, HS codes) and deletion with refund.
 * Account users and their API keys work on their own account only; staff see every account.
 */
export class OrdersService {
  constructor(private readonly db: Database) {}

  /** The account a list is limited to: account users always their own; staff any or all. */
  private scopeOf(actor: Actor, requested: string | undefined): string | undefined {
    if (actor.role !== Role.account) return requested;
    if (!actor.accountSid || (requested && requested !== actor.accountSid))
      throw AppError.forbidden(Messages.noAccess);
    return actor.accountSid;
  }

  private filterOf(actor: Actor, query: OrderStatisticQuery & { status?: number }): OrderFilter {
    // Manifest filters are the operators' and admins' (spec §6); a seller asking for them is refused.
    if (actor.role === Role.account && (query.ams_masterAirWaybill || query.ams_carton_label))
      throw AppError.forbidden(Messages.noAccess);
    return {
      accountSid: this.scopeOf(actor, query.account_sid),
      status: query.status,
      from: query.from_date,
      toBefore: query.to_date,
      text: query.filter,
      missingHsCode: query.filter_missing_hs_code,
      amsMasterAirWaybill: query.ams_masterAirWaybill,
      amsCartonLabel: query.ams_carton_label,
      amsSid: query.ams_sid,
    };
  }

  async list(actor: Actor, query: ListOrdersQuery): Promise<{ data: OrderListItem[]; total: number }> {
    const filter = this.filterOf(actor, query);
    const rows = await ordersRepository.list(this.db, filter, query.page, query.page_size);
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
    if (!row || (actor.role === Role.account && row.accountSid !== actor.accountSid)) throw orderNotFound();
    return toOrder(row);
  }

  private async orderAccount(actor: Actor, requested: string | undefined): Promise<AccountRowWithVendor> {
    let accountSid: string;
    if (actor.role === Role.account) {
      if (!actor.accountSid || (requested && requested !== actor.accountSid))
        throw AppError.forbidden(Messages.noAccess);
      accountSid = actor.accountSid;
    } else if (actor.role === Role.admin) {
      if (!requested) throw fieldError('account_sid', 'Please choose an account.');
      accountSid = requested;
    } else {
      throw AppError.forbidden();
    }
    const account = await accountsRepository.findBySid(this.db, accountSid);
    if (!account) throw AppError.notFound('Account not found.');
    if (!account.isActive) throw AppError.badRequest(`The account ${account.name} is inactive.`);
    return account;
  }

  /**
   * What an order of these items would weigh and cost: the same account checks, weight and price lookup as
   * create, so the figure shown while typing is the one the order is charged, and its refusals read the same.
   */
  async quote(actor: Actor, input: QuoteOrder): Promise<OrderQuote> {
    const account = await this.orderAccount(actor, input.account_sid);
    const weight = chargeableWeight(input.items);
    const price = await priceOf(this.db, account, weight);
    return { weight, vnd: price.vnd, usd: price.usd };
  }

  /**
   * Spec §5 and product decisions: the chargeable weight prices the order from the account's table; HS codes
   * come from the request, else the account's declaration of the SKU; a use_credit account pays at once.
   * Everything, charge included, is one transaction: a refused order leaves nothing behind.
   */
  async create(actor: Actor, input: CreateOrder): Promise<Order> {
    const account = await this.orderAccount(actor, input.account_sid);
    const weight = chargeableWeight(input.items);
    const price = await priceOf(this.db, account, weight);

    const given = [...new Set(input.items.flatMap((item) => (item.hs_code ? [item.hs_code] : [])))];
    const known = await hsCodesRepository.existing(this.db, given);
    input.items.forEach((item, index) => {
      if (item.hs_code && !known.has(item.hs_code))
        throw fieldError(`items.${index}.hs_code`, unknownHsCode(item.hs_code));
    });
    const declared = await ordersRepository.declaredHsCodes(this.db, account.sid, [
      ...new Set(input.items.filter((item) => !item.hs_code).map((item) => item.skuNumber)),
    ]);

    const sid = newSid();
    const order: Omit<NewOrderRow, 'barcode'> = {
      sid,
      orderNumber: input.orderNumber,
      accountSid: account.sid,
      status: OrderStatus.Generated,
      name: input.name,
      phone: input.phone ?? null,
      address1: input.address1,
      address2: input.address2 ?? null,
      city: input.city,
      state: input.state,
      country: input.country,
      postalCode: input.postalCode,
      weight,
      width: String(Math.max(...input.items.map((item) => item.itemWidth))),
      length: String(Math.max(...input.items.map((item) => item.itemLength))),
      height: String(input.items.reduce((total, item) => total + item.quantity * item.itemHeight, 0)),
      vnd: price.vnd.toFixed(2),
      usd: price.usd.toFixed(2),
      sellerInformation: input.sellerInformation ?? null,
    };
    const items = input.items.map((item, position) => ({
      sid: newSid(),
      orderSid: sid,
      position,
      skuNumber: item.skuNumber,
      quantity: item.quantity,
      itemDescription: item.itemDescription ?? null,
      itemWeight: String(item.itemWeight),
      itemWidth: String(item.itemWidth),
      itemHeight: String(item.itemHeight),
      itemLength: String(item.itemLength),
      hsCode: item.hs_code ?? declared.get(item.skuNumber) ?? null,
    }));

    for (let attempt = 1; ; attempt++) {
      try {
        await this.db.transaction(async (tx) => {
          if (await ordersRepository.orderNumberExists(tx, account.sid, input.orderNumber))
            throw orderNumberTaken(input.orderNumber);
          // The charge comes first: it locks the account row before the order's foreign key takes its share
          // lock, so concurrent orders of one account queue on the lock instead of deadlocking.
          if (account.useCredit) await this.charge(tx, account, price, sid, input.orderNumber, actor);
          // Flagged up front, so the items trigger that keeps the flag has nothing to correct.
          const missingHsCode = items.some((item) => item.hsCode === null);
          await ordersRepository.insert(tx, { ...order, missingHsCode, barcode: newBarcode() }, items);
          await recordTrackingEvent(tx, sid, OrderStatus.Generated, 'Order created', account.address?.city);
        });
        break;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const constraint = constraintOf(error);
        if (constraint === 'orders_barcode_key' && attempt < BARCODE_ATTEMPTS) continue;
        if (constraint === 'orders_account_order_number_key') throw orderNumberTaken(input.orderNumber);
        throw error;
      }
    }
    return this.get(actor, sid);
  }

  private async charge(
    tx: Transaction,
    account: AccountRowWithVendor,
    price: { vnd: number; usd: number },
    orderSid: string,
    orderNumber: string,
    actor: Actor,
  ) {
    const unit = account.creditUnit as CreditUnit;
    try {
      await recordCreditChange(
        tx,
        {
          accountSid: account.sid,
          kind: 'order_charge',
          amount: -priceIn(price, unit),
          orderSid,
          note: `Order ${orderNumber}`,
          createdBy: actor.userSid,
        },
        (balance, cost) => `The credit balance (${balance}) cannot cover this order (${cost}).`,
      );
    } catch (error) {
      if (error instanceof InsufficientCreditError) throw insufficientCredit(error);
      throw error;
    }
  }

  /**
   * What the order has cost on credit so far, in the account's current unit, or null when it was never charged
   * (the ledger is the record, not today's use_credit flag). Money charged in another unit cannot be settled
   * in this one, so that is refused.
   */
  private async chargedSoFar(tx: Transaction, order: OrderRow, unit: CreditUnit): Promise<number | null> {
    const charged = await ordersRepository.creditCharged(tx, order.accountSid, order.sid);
    if (charged.size === 0) return null;
    for (const [other, total] of charged) {
      if (other !== unit && total !== 0)
        throw AppError.conflict(
          `The order was charged in ${other}, but the account now uses ${unit}; settle it by a topup.`,
        );
    }
    return -(charged.get(unit) ?? 0);
  }

  /**
   * Admins correct the customer's details and the weight (spec §5). A new weight re-prices the order from the
   * account's current table; an order paid on credit is charged or refunded the difference, in one transaction.
   */
  async update(actor: Actor, sid: string, input: UpdateOrder): Promise<Order> {
    const changes: Partial<NewOrderRow> = {};
    for (const field of ['name', 'address1', 'city', 'state', 'country', 'postalCode'] as const) {
      if (input[field] !== undefined) changes[field] = input[field];
    }
    if (input.phone !== undefined) changes.phone = input.phone;
    if (input.address2 !== undefined) changes.address2 = input.address2;
    if (Object.keys(changes).length === 0 && input.weight === undefined)
      throw AppError.badRequest('Nothing to change: give the customer details or the weight.');

    await this.db.transaction(async (tx) => {
      const order = await ordersRepository.lockBySid(tx, sid);
      if (!order) throw orderNotFound();
      if (order.status === OrderStatus.OrderFailed)
        throw AppError.conflict('Orders in status Order Failed cannot be changed.');
      if (input.weight !== undefined && input.weight !== order.weight) {
        const account = await accountsRepository.findBySid(tx, order.accountSid);
        if (!account) throw AppError.notFound('Account not found.');
        const price = await priceOf(tx, account, input.weight);
        Object.assign(changes, {
          weight: input.weight,
          vnd: price.vnd.toFixed(2),
          usd: price.usd.toFixed(2),
        });
        const unit = account.creditUnit as CreditUnit;
        const charged = await this.chargedSoFar(tx, order, unit);
        const difference = charged === null ? 0 : priceIn(price, unit) - charged;
        if (difference !== 0) {
          try {
            await recordCreditChange(
              tx,
              {
                accountSid: account.sid,
                kind: 'reweigh',
                amount: -difference,
                orderSid: order.sid,
                note: `Order ${order.orderNumber}: ${order.weight} g to ${input.weight} g`,
                createdBy: actor.userSid,
              },
              (balance, cost) =>
                `The credit balance (${balance}) cannot cover the new weight (${cost} more).`,
            );
          } catch (error) {
            if (error instanceof InsufficientCreditError) throw insufficientCredit(error);
            throw error;
          }
        }
      }
      await ordersRepository.update(tx, sid, changes);
    });
    return this.get(actor, sid);
  }

  /** Admins set an item's HS code; it must be in the HS code table. Replies with the whole order. */
  async updateItem(actor: Actor, itemSid: string, hsCode: string): Promise<Order> {
    const item = await ordersRepository.findItem(this.db, itemSid);
    if (!item) throw AppError.notFound('Order item not found.');
    if (!(await hsCodesRepository.existing(this.db, [hsCode])).has(hsCode))
      throw fieldError('hs_code', unknownHsCode(hsCode));
    await ordersRepository.setItemHsCode(this.db, itemSid, hsCode);
    return this.get(actor, item.orderSid);
  }

  /**
   * Only a Generated order may be deleted (product decisions); what it cost on credit (charge and re-weighs,
   * from the ledger) is refunded in the same transaction.
   */
  async delete(actor: Actor, sid: string): Promise<{ sid: string }> {
    await this.db.transaction(async (tx) => {
      const order = await ordersRepository.lockBySid(tx, sid);
      if (!order || (actor.role === Role.account && order.accountSid !== actor.accountSid))
        throw orderNotFound();
      if (!canDeleteOrder(order.status))
        throw AppError.conflict('Only orders in status Generated can be deleted.');
      const account = await accountsRepository.findBySid(tx, order.accountSid);
      const unit = (account?.creditUnit ?? 'VND') as CreditUnit;
      const charged = await this.chargedSoFar(tx, order, unit);
      if (charged !== null && charged > 0) {
        await recordCreditChange(tx, {
          accountSid: order.accountSid,
          kind: 'refund',
          amount: charged,
          orderSid: order.sid,
          note: `Order ${order.orderNumber} deleted`,
          createdBy: actor.userSid,
        });
      }
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
    if (!order) throw AppError.notFound(`No parcel found with barcode ${code}`);
    const events = await ordersRepository.trackingEvents(this.db, order.sid);
    return events.map((event) => ({
      description: event.description,
      location: event.location,
      eventTime: event.eventTime.toISOString(),
    }));
  }
}
