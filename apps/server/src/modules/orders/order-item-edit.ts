/**
 * Staff correct a placed order's item (issue 28: fix what reconciliation finds where it is found): its
 * description, quantity, weight, declared value, origin and (admins) HS code, until its manifest is submitted.
 * Each edit moves the order's items_version on (optimistic concurrency: an editor who read an older version is
 * told, not overwritten), is recorded in the order's history with the old and new value of each field, and a
 * change of the chargeable weight re-prices the order through the one re-weigh (reweigh.ts).
 */
import {
  chargeableWeight,
  DEFAULT_ORIGIN_COUNTRY,
  EDITABLE_ITEM_FIELDS,
  type EditableItemField,
  ErrorCode,
  OrderStatus,
  orderStatusText,
  Role,
  text,
  type UpdateOrderItemInputSchema,
} from '@parcelops/shared';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { existingHsCodes } from '../hs-codes/hs-codes.service.ts';
import { recordOrderHistory } from './order-history.ts';
import { itemsByOrder, type OrderItemRow, ordersRepository } from './orders.repository.ts';
import { reweigh } from './reweigh.ts';
import { changedBy } from './status-change.ts';

export type UpdateOrderItem = z.output<typeof UpdateOrderItemInputSchema>;

/**
 * The manifest's submit state, its row locked (shared) for the caller's transaction; undefined when there is no
 * such manifest. The AMS room provides it (ams/manifest-submit-state.ts) through the composition root.
 */
export type ManifestSubmitStateLookup = (
  tx: Executor,
  amsSid: string,
) => Promise<{ name: string; submitted: boolean } | undefined>;

type FieldValue = string | number | null;

/** An item's field as the API answers it (numbers as numbers), for comparing and for the history. */
function fieldValue(item: OrderItemRow, field: EditableItemField): FieldValue {
  switch (field) {
    case 'itemDescription':
      return item.itemDescription;
    case 'quantity':
      return item.quantity;
    case 'itemWeight':
      return Number(item.itemWeight);
    case 'declaredValue':
      return item.declaredValue === null ? null : Number(item.declaredValue);
    case 'originCountry':
      return item.originCountry;
    case 'hs_code':
      return item.hsCode;
  }
}

/** What the edit asks each given field to become (an origin cleared is the default, VN). */
function requested(input: UpdateOrderItem): Partial<Record<EditableItemField, FieldValue>> {
  const wanted: Partial<Record<EditableItemField, FieldValue>> = {};
  if (input.itemDescription !== undefined) wanted.itemDescription = input.itemDescription;
  if (input.quantity !== undefined) wanted.quantity = input.quantity;
  if (input.itemWeight !== undefined) wanted.itemWeight = input.itemWeight;
  if (input.declaredValue !== undefined) wanted.declaredValue = input.declaredValue;
  if (input.originCountry !== undefined) wanted.originCountry = input.originCountry ?? DEFAULT_ORIGIN_COUNTRY;
  if (input.hs_code !== undefined) wanted.hs_code = input.hs_code;
  return wanted;
}

/** The item row's columns for these new values. */
function columnsOf(values: Partial<Record<EditableItemField, FieldValue>>): Partial<OrderItemRow> {
  const columns: Partial<OrderItemRow> = {};
  if ('itemDescription' in values) columns.itemDescription = values.itemDescription as string;
  if ('quantity' in values) columns.quantity = values.quantity as number;
  if ('itemWeight' in values) columns.itemWeight = String(values.itemWeight);
  if ('declaredValue' in values)
    columns.declaredValue =
      values.declaredValue === null ? null : (values.declaredValue as number).toFixed(2);
  if ('originCountry' in values) columns.originCountry = values.originCountry as string;
  if ('hs_code' in values) columns.hsCode = values.hs_code as string;
  return columns;
}

const weighed = (item: OrderItemRow) => ({
  quantity: item.quantity,
  itemWeight: Number(item.itemWeight),
  itemWidth: Number(item.itemWidth),
  itemHeight: Number(item.itemHeight),
  itemLength: Number(item.itemLength),
});

/** Statuses whose items are the record: the manifest went, the parcel arrived, or the order was never accepted. */
const SETTLED: readonly number[] = [OrderStatus.Processed, OrderStatus.Delivered, OrderStatus.OrderFailed];

const submittedError = (order: { orderNumber: string }, manifest: string) =>
  new AppError(
    ErrorCode.ORDER_MANIFEST_SUBMITTED,
    409,
    text('orders.itemsManifestSubmitted', { orderNumber: order.orderNumber, name: manifest }),
  );

/**
 * Applies the edit of item `itemSid` as `actor` and answers the order's sid. Admins change every field;
 * operators all but the HS code (spec §5 keeps HS codes the admins'). The same values change nothing and record
 * nothing (the version stays). Locks in the order the AMS room does (the manifest's row, then the order's), so
 * an edit and a submission or a load never wait on each other in a circle.
 */
export async function editOrderItem(
  db: Database,
  actor: Actor,
  itemSid: string,
  input: UpdateOrderItem,
  manifestState: ManifestSubmitStateLookup | undefined,
): Promise<string> {
  const wanted = requested(input);
  if (Object.keys(wanted).length === 0) throw AppError.badRequest(text('orders.itemNothingToChange'));
  if (wanted.hs_code !== undefined && actor.role !== Role.admin)
    throw AppError.forbidden(text('orders.itemHsCodeAdminOnly'));
  const hsCode = input.hs_code;
  if (hsCode !== undefined && !(await existingHsCodes(db, [hsCode])).has(hsCode))
    throw fieldError('hs_code', text('orders.hsCodeUnknown', { code: hsCode }));

  const found = await ordersRepository.findItem(db, itemSid);
  if (!found) throw AppError.notFound(text('orders.itemNotFound'));
  // The manifest is locked before the order, so which manifest is read first; should the parcel move between
  // the read and the lock (loaded or taken out meanwhile), the edit starts again with its new manifest.
  for (let attempt = 0; ; attempt++) {
    const seen = await ordersRepository.findBySid(db, found.orderSid);
    if (!seen) throw AppError.notFound(text('orders.itemNotFound'));
    const outcome = await db.transaction(async (tx) => {
      const manifest = seen.amsSid && manifestState ? await manifestState(tx, seen.amsSid) : undefined;
      const order = await ordersRepository.lockBySid(tx, found.orderSid);
      const item = await ordersRepository.findItem(tx, itemSid);
      if (!order || !item) throw AppError.notFound(text('orders.itemNotFound'));
      if (order.amsSid !== seen.amsSid) return 'moved' as const;
      if (manifest?.submitted) throw submittedError(order, manifest.name);
      if (SETTLED.includes(order.status))
        throw new AppError(
          ErrorCode.ORDER_MANIFEST_SUBMITTED,
          409,
          text('orders.itemsFinalStatus', {
            orderNumber: order.orderNumber,
            status: orderStatusText(order.status),
          }),
        );

      const expected = input.items_version ?? order.itemsVersion;
      const changesStale = () =>
        new AppError(
          ErrorCode.ITEMS_CHANGED,
          409,
          text('orders.itemsChanged', { orderNumber: order.orderNumber }),
        );
      if (expected !== order.itemsVersion) throw changesStale();
      const changed = EDITABLE_ITEM_FIELDS.filter(
        (field) => field in wanted && wanted[field] !== fieldValue(item, field),
      );
      if (changed.length === 0) return 'done' as const;
      if (!(await ordersRepository.bumpItemsVersion(tx, order.sid, expected))) throw changesStale();

      const newValues = Object.fromEntries(changed.map((field) => [field, wanted[field] ?? null]));
      const edited: OrderItemRow = { ...item, ...columnsOf(newValues) };
      const reweighs = changed.includes('quantity') || changed.includes('itemWeight');
      // The order's items as they were, read before the edit is written.
      const items = reweighs ? ((await itemsByOrder(tx, [order.sid])).get(order.sid) ?? []) : [];
      await ordersRepository.updateItem(tx, itemSid, columnsOf(newValues));
      await recordOrderHistory(
        tx,
        [
          {
            order,
            action: 'edited',
            details: {
              fields: changed,
              item_sid: itemSid,
              sku: item.skuNumber,
              changes: Object.fromEntries(
                changed.map((field) => [
                  field,
                  { old: fieldValue(item, field), new: fieldValue(edited, field) },
                ]),
              ),
            },
          },
        ],
        changedBy(actor),
      );

      if (reweighs) {
        const before = items.map(weighed);
        const after = items.map((row) => weighed(row.sid === itemSid ? edited : row));
        // Only a change of what the items weigh by the formula re-prices: a hub's re-weigh stands otherwise.
        const [from, to] = [chargeableWeight(before), chargeableWeight(after)];
        if (changed.includes('quantity'))
          await ordersRepository.update(tx, order.sid, {
            height: String(after.reduce((total, row) => total + row.quantity * row.itemHeight, 0)),
          });
        if (from !== to) {
          if (to <= 0) throw fieldError('itemWeight', text('orders.itemWeightZero'));
          await reweigh(tx, order, to, { by: changedBy(actor) });
        }
      }
      return 'done' as const;
    });
    if (outcome === 'done') return found.orderSid;
    if (attempt >= 2)
      throw new AppError(
        ErrorCode.ITEMS_CHANGED,
        409,
        text('orders.itemsChanged', { orderNumber: seen.orderNumber }),
      );
  }
}
