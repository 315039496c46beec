/**
 * Shipping labels for orders: who may print which, and how an order becomes a label. The drawing itself is
 * in label-pdf.ts.
 */
import { canPrintLabel, Role } from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/access.ts';
import { type OrderWithItems, ordersRepository } from '../orders/orders.repository.ts';
import { type LabelAddress, type LabelData, type LabelSender, renderLabels } from './label-pdf.ts';

const hasAddress = (address: LabelAddress | null | undefined): address is LabelAddress =>
  Boolean(address && (address.address1?.trim() || address.city?.trim()));

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
    country: source.country,
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
      country: order.country,
    },
    date: order.dateCreated,
  };
}

export class LabelsService {
  constructor(private readonly db: Database) {}

  /**
   * The 4x6 label of one order. Account users and their API keys print their own account's orders only
   * (another's is not found, as for GET /orders/{sid}); Order Failed orders are never printed (spec §4).
   */
  async orderLabel(actor: Actor, orderSid: string): Promise<{ barcode: string; pdf: Buffer }> {
    const order = await ordersRepository.findWithItems(this.db, orderSid);
    if (!order || (actor.role === Role.account && order.accountSid !== actor.accountSid)) {
      throw AppError.notFound('Order not found.');
    }
    if (!canPrintLabel(order.status)) throw AppError.conflict('Order Failed orders cannot be printed.');
    return { barcode: order.barcode, pdf: await renderLabels([labelOf(order)]) };
  }
}
