/**
 * Shipping labels for orders: who may print which, and how an order becomes a label. The geometry is in
 * label-layout.ts, drawn as PDF (label-pdf.ts) or ZPL (label-zpl.ts) as the caller asks (label-files.ts).
 */

import type { Readable } from 'node:stream';
import { canPrintLabel, countryName, type LabelOutput, text } from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import { type Actor, ownsAccount } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { whileSlotHeld } from '../../lib/excel/report-slots.ts';
import { batchOrderPages } from '../orders/order-lookups.service.ts';
import { findOrder, type OrderWithItems, orderPagesBySids } from '../orders/orders.service.ts';
import type { BulkInput, OrdersBulkService } from '../orders/orders-bulk.service.ts';
import { type LabelFile, labelFileOf, renderLabelFile } from './label-files.ts';
import type { LabelAddress, LabelData, LabelSender } from './label-layout.ts';

/** Orders read per page for a batch's labels. */
const LABELS_PAGE = 200;

const hasAddress = (address: LabelAddress | null | undefined): address is LabelAddress =>
  Boolean(address && (address.address1?.trim() || address.city?.trim()));

/** A country code as mail writes it, by its English name ("US" -> "United States"); other text as it is. */
const countryOnLabel = (country: string | null | undefined) =>
  country ? (countryName(country, 'en') ?? country) : country;

/**
 * The sender is the account: its name, then the order's seller information (the shop that sold the goods)
 * or, when the order gives no address, the account's own address.
 */
export function senderOf(
  order: Pick<OrderWithItems, 'accountName' | 'accountAddress' | 'sellerInformation'>,
) {
  const source = hasAddress(order.sellerInformation)
    ? order.sellerInformation
    : hasAddress(order.accountAddress)
      ? order.accountAddress
      : null;
  // Under the account's name: the seller's own name, else the address's name, when either says more.
  const accountName = order.accountName.trim().toLowerCase();
  const contact = [order.sellerInformation?.name, source?.name]
    .map((name) => name?.trim())
    .find((name) => name && name.toLowerCase() !== accountName);
  const sender: LabelSender = { name: order.accountName, contact: contact ?? null };
  if (!source) return sender;
  return {
    ...sender,
    address1: source.address1,
    address2: source.address2,
    city: source.city,
    state: source.state,
    postalCode: source.postalCode,
    country: countryOnLabel(source.country),
  };
}

export function labelOf(order: OrderWithItems): LabelData {
  return {
    orderNumber: order.orderNumber,
    barcode: order.barcode,
    weightGrams: order.weight,
    service: order.shippingPartner,
    sender: senderOf(order),
    recipient: {
      name: order.name,
      phone: order.phone,
      address1: order.address1,
      address2: order.address2,
      city: order.city,
      state: order.state,
      postalCode: order.postalCode,
      country: countryOnLabel(order.country),
    },
    date: order.dateCreated,
  };
}

export class LabelsService {
  constructor(
    private readonly db: Database,
    /** Which orders a bulk print means: the list's choice (sids or filters, in the caller's scope). */
    private readonly bulk: Pick<OrdersBulkService, 'chosen'>,
  ) {}

  /**
   * The 4x6 label of one order. Account users and their API keys print their own account's orders only
   * (another's is not found, as for GET /orders/{sid}); Order Failed orders are never printed (spec §4).
   */
  async orderLabel(
    actor: Actor,
    orderSid: string,
    output: LabelOutput,
  ): Promise<{ barcode: string; file: LabelFile; body: Buffer }> {
    const order = await findOrder(this.db, orderSid);
    if (!order || !ownsAccount(actor, order.accountSid)) {
      throw AppError.notFound(text('orders.notFound'));
    }
    if (!canPrintLabel(order.status)) throw AppError.conflict(text('files.orderFailedNoLabel'));
    const file = labelFileOf(output);
    const body = await renderLabelFile(file, [labelOf(order)], `Label ${order.barcode}`);
    return { barcode: order.barcode, file, body };
  }

  /**
   * One PDF, a 4x6 page per chosen order, drawn while it is sent, a page of orders read at a time (a report slot
   * held meanwhile). Order Failed orders are never printed (spec §4) and are counted apart; an order deleted
   * between the choice and its page is left out.
   */
  async bulkLabels(
    actor: Actor,
    input: BulkInput,
    output: LabelOutput,
  ): Promise<{ file: LabelFile; body: Readable; printed: number; skipped: number }> {
    const chosen = await this.bulk.chosen(actor, input);
    const printing = chosen.filter((order) => canPrintLabel(order.status));
    if (printing.length === 0) throw AppError.conflict(text('files.orderFailedNoLabel'));
    const printable = printing.map((order) => order.sid);
    const db = this.db;
    async function* labels() {
      for await (const page of orderPagesBySids(db, printable, LABELS_PAGE))
        for (const order of page) yield labelOf(order);
    }
    const title = printing.length === 1 ? `Label ${printing[0]?.barcode}` : `${printing.length} labels`;
    const file = labelFileOf(output);
    return {
      file,
      body: whileSlotHeld(() => file.stream(labels(), title)),
      printed: printable.length,
      skipped: chosen.length - printable.length,
    };
  }

  /**
   * Every label of a batch order's orders (its caller checked who may print them), drawn while it is sent, a
   * page of orders read at a time: memory stays flat whatever the count. Order Failed orders are skipped.
   */
  batchLabels(batchSid: string, title: string, file: LabelFile): Readable {
    const db = this.db;
    async function* labels() {
      for await (const page of batchOrderPages(db, batchSid, LABELS_PAGE))
        for (const order of page) if (canPrintLabel(order.status)) yield labelOf(order);
    }
    return file.stream(labels(), title);
  }
}
