/**
 * Hub scanning (spec §2 Scan Orders tab 1; product decisions, Hub work; issue 16: a hub that stops the operator
 * when it should). A scan answers the order and what the scan found (ScanOutcomeCode): a Generated order moves
 * to Scanned with the event "Received at <hub> hub" (RECEIVED); any other order is left as it is and the code
 * says why the operator should look up (received already here or at the other hub, in a manifest, gone,
 * delivered, failed). Two stations scanning one parcel at once: the row lock lets exactly one receive it.
 * The scanned-orders report is the screen's table as xlsx.
 */
import {
  embeddedBarcode,
  englishOf,
  HUB_CITY,
  HUBS,
  type Hub,
  hubText,
  normalizeBarcode,
  type Order,
  OrderStatus,
  orderStatusLabel,
  type ScannedOrder,
  type ScanOutcome,
  type ScanOutcomeCode,
  type ScanReply,
  type Text,
  text,
} from '@parcelops/shared';
import type { Database, Executor, Transaction } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeSheet } from '../../lib/excel/sheet-writer.ts';
import {
  type EventPlace,
  findOrderByBarcode,
  firstReceipt,
  scanRowsByBarcodes,
} from '../orders/order-lookups.service.ts';
import { toOrder } from '../orders/order-views.ts';
import type { OrderWithItems } from '../orders/orders.service.ts';
import { changedBy, type StatusChangeListener } from '../orders/status-change.ts';
import { moveOrderIf, recordStatusChangeIf } from '../orders/status-move.ts';
import { lookupCodes, matchTexts, normalizedTexts } from './barcode-match.ts';

export const receivedAt = (hub: Hub) => text('hub.event.received', { hub });
export const notFoundText = (barcode: string) => text('hub.scan.notFound', { barcode });
const RECEIVED_AT = /^Received at ([A-Z]+) hub$/;

/** The hub a receipt event names: by its location (a hub's city), else by its text. */
export function hubOfEvent(event: Pick<EventPlace, 'description' | 'location'>): Hub | null {
  const byCity = HUBS.find((hub) => HUB_CITY[hub] === event.location);
  if (byCity) return byCity;
  const named = RECEIVED_AT.exec(event.description)?.[1];
  return HUBS.find((hub) => hub === named) ?? null;
}

interface Receipt {
  at: Date | null;
  hub: Hub | null;
}

/**
 * Where a scan reads and receives: the database, the receipt one statement committed alone (the single call), or
 * a listed scan's transaction (the station's queue).
 */
interface ScanSite {
  db: Executor;
  receive(
    target: Parameters<typeof moveOrderIf>[1],
    event: Parameters<typeof moveOrderIf>[3],
    options: Parameters<typeof moveOrderIf>[4],
  ): Promise<boolean>;
}

const why = (reason: string | null): Text | string => reason ?? text('hub.scan.noReason');

/** The verdict's code and words for an order the scan did not receive now. */
function verdict(order: OrderWithItems, hub: Hub, receipt: Receipt): { code: ScanOutcomeCode; words: Text } {
  const orderNumber = order.orderNumber;
  const when = receipt.at ? text('hub.scan.onTime', { at: receipt.at.toISOString() }) : '';
  switch (order.status) {
    case OrderStatus.Processing:
      return { code: 'IN_MANIFEST', words: text('hub.scan.inManifest', { orderNumber }) };
    case OrderStatus.Processed:
      return { code: 'DEPARTED', words: text('hub.scan.departed', { orderNumber }) };
    case OrderStatus.Delivered:
      return { code: 'DELIVERED', words: text('hub.scan.delivered', { orderNumber }) };
    case OrderStatus.Failed:
      return { code: 'FAILED', words: text('hub.scan.failed', { orderNumber, reason: why(order.reason) }) };
    case OrderStatus.OrderFailed:
      return {
        code: 'ORDER_FAILED',
        words: text('hub.scan.orderFailed', { orderNumber, reason: why(order.reason) }),
      };
  }
  if (receipt.hub && receipt.hub !== hub)
    return {
      code: 'RECEIVED_AT_OTHER_HUB',
      words: text('hub.scan.atOtherHub', { orderNumber, receivedHub: receipt.hub, when, hub }),
    };
  const where = receipt.hub ? text('hub.scan.atHub', { hub: receipt.hub }) : '';
  return { code: 'ALREADY_RECEIVED', words: text('hub.scan.already', { orderNumber, where, when }) };
}

function outcome(code: ScanOutcomeCode, words: Text, receipt: Receipt): ScanOutcome {
  return {
    code,
    msg: englishOf(words),
    key: words.key,
    ...(words.params ? { params: words.params } : {}),
    received_at: receipt.at?.toISOString() ?? null,
    received_hub: receipt.hub,
  };
}

/** The report's columns: spec §2 Scan Orders' table, in its order. */
export const SCAN_REPORT_HEADERS = ['Id', 'Order number', 'Barcode', 'Status', 'Reason', 'Weight in grams'];
const SCAN_REPORT_WIDTHS = [8, 22, 18, 14, 40, 16];

export class OrdersScanService {
  constructor(
    private readonly db: Database,
    /** Told of every status change (the seller's webhook events). */
    private readonly notify: StatusChangeListener,
  ) {}

  /** The order a scanned text names: exactly, else by the one barcode of ours inside it. */
  private async find(db: Executor, scanned: string): Promise<OrderWithItems | undefined> {
    const exact = await findOrderByBarcode(db, scanned);
    if (exact) return exact;
    const inside = embeddedBarcode(scanned);
    return inside ? findOrderByBarcode(db, inside) : undefined;
  }

  /** GET /orders/scan/barcode/{code}: a first receipt commits on its own (status-move.ts), stamped now. */
  async scan(actor: Actor, code: string, hub: Hub): Promise<ScanReply> {
    const site: ScanSite = {
      db: this.db,
      receive: (target, event, options) => moveOrderIf(this.db, target, OrderStatus.Scanned, event, options),
    };
    return this.scanAt(site, actor, code, hub);
  }

  /**
   * A scan of a station's list (station-scans.service.ts): the same scan in the caller's transaction, so its
   * receipt commits or rolls back with the scan's claim and verdict, the receipt's event stamped `scannedAt`.
   */
  async scanWithin(
    tx: Transaction,
    actor: Actor,
    code: string,
    hub: Hub,
    scannedAt: Date,
  ): Promise<ScanReply> {
    const site: ScanSite = {
      db: tx,
      receive: (target, event, options) =>
        recordStatusChangeIf(tx, target, OrderStatus.Scanned, event, options),
    };
    return this.scanAt(site, actor, code, hub, scannedAt);
  }

  private async scanAt(site: ScanSite, actor: Actor, code: string, hub: Hub, at?: Date): Promise<ScanReply> {
    const scanned = normalizeBarcode(code);
    const found = await this.find(site.db, scanned);
    if (!found) throw AppError.notFound(notFoundText(scanned));
    let order: OrderWithItems = found;
    if (found.status === OrderStatus.Generated) {
      // The read above only spares rescans a transaction; the order's row decides, so of two stations scanning
      // at once one receives the parcel and the other finds it received (status-move.ts). A deletion that got
      // there first leaves nothing to scan.
      const eventTime = at ?? new Date();
      const moved = await site.receive(
        { orderSid: found.sid, from: OrderStatus.Generated },
        { description: receivedAt(hub), location: hubText(hub) },
        { by: changedBy(actor), notify: this.notify, path: 'scan', eventTime },
      );
      if (moved) {
        const reply: Order = toOrder({ ...found, status: OrderStatus.Scanned, reason: null });
        const receipt = { at: eventTime, hub };
        return {
          ...reply,
          scan: outcome(
            'RECEIVED',
            text('hub.scan.received', { orderNumber: found.orderNumber, hub }),
            receipt,
          ),
        };
      }
      const now = await this.find(site.db, scanned);
      if (!now || now.sid !== found.sid) throw AppError.notFound(notFoundText(scanned));
      order = now;
    }
    const event = await firstReceipt(site.db, order.sid);
    const receipt: Receipt = { at: event?.eventTime ?? null, hub: event ? hubOfEvent(event) : null };
    const { code: verdictCode, words } = verdict(order, hub, receipt);
    return { ...toOrder(order), scan: outcome(verdictCode, words, receipt) };
  }

  /**
   * The rows of the scan table for these barcodes, as they stand now: matched as a scan matches them
   * (barcode-match.ts), each order once, in the order given; an unknown barcode keeps its row with the reason.
   */
  async scannedOrders(barcodes: readonly string[]): Promise<ScannedOrder[]> {
    const texts = normalizedTexts(barcodes);
    const found = await scanRowsByBarcodes(this.db, lookupCodes(texts));
    return matchTexts(texts, found).map(({ barcode, row: order }) => {
      if (!order)
        return {
          orderNumber: null,
          barcode,
          status: null,
          reason: englishOf(notFoundText(barcode)),
          weight: null,
        };
      return {
        orderNumber: order.orderNumber,
        barcode,
        status: order.status,
        reason: order.reason,
        weight: order.weight,
      };
    });
  }

  /** scanned_orders.xlsx; text a spreadsheet could run as a formula is written, and formatted, as text. */
  async report(barcodes: readonly string[]): Promise<Buffer> {
    const rows = await this.scannedOrders(barcodes);
    return writeSheet(
      'Scanned orders',
      SCAN_REPORT_HEADERS.map((header, index) => ({ header, width: SCAN_REPORT_WIDTHS[index] })),
      rows.map((row, index) => ({
        cells: [
          index + 1,
          row.orderNumber,
          row.barcode,
          row.status === null ? null : orderStatusLabel(row.status),
          row.reason,
          row.weight,
        ],
      })),
    );
  }
}
