/**
 * Whether a parcel may be loaded into a manifest (product decisions, Hub work and Air manifests): what the hub
 * set aside (Failed) stays off the flight unless an admin gives a reason; Delivered, Order Failed and a parcel
 * in another manifest are refused whoever asks. Each refusal names the parcel's reason where it has one, so
 * the station, the batch's result file and an API client all say why. Pure: the caller reads and locks.
 */
import { ErrorCode, OrderStatus, orderStatusText, Role, type Text, text } from '@parcelops/shared';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ManifestOrderRow } from '../orders/order-manifest.ts';

/** The manifest a parcel is in, when it is another one than the scan's. */
export interface OtherManifest {
  name: string;
  masterAirWaybill: string;
}

/** Why a parcel in a manifest had been set aside before an admin loaded it; null when it had not. */
function setAsideReason(order: ManifestOrderRow): string | null {
  return order.amsPriorStatus === OrderStatus.Failed ? (order.amsPriorReason ?? null) : null;
}

/** 409 for a parcel in another manifest (the code as before; the reason it was set aside, if it was). */
export function inOtherManifest(order: ManifestOrderRow, other: OtherManifest | undefined): AppError {
  const barcode = order.barcode;
  if (!other) return AppError.conflict(text('ams.inUnknownAms', { barcode, name: order.amsSid ?? '' }));
  const reason = setAsideReason(order);
  const params = { barcode, name: other.name, mawb: other.masterAirWaybill };
  return AppError.conflict(
    reason ? text('ams.inOtherAmsSetAside', { ...params, reason }) : text('ams.inOtherAms', params),
  );
}

/** The refusal of a Failed parcel: its barcode and reason, and for an admin how to load it anyway. */
function setAside(order: ManifestOrderRow, actor: Actor): AppError {
  const refusal: Text = order.reason
    ? text('ams.setAside', { barcode: order.barcode, reason: order.reason })
    : text('ams.setAsideNoReason', { barcode: order.barcode });
  const words = actor.role === Role.admin ? text('ams.setAsideAdminMay', { refusal }) : refusal;
  return new AppError(ErrorCode.PARCEL_SET_ASIDE, 409, words);
}

/**
 * Throws when the parcel (in no manifest) may not be loaded; returns the admin's reason when loading a Failed
 * parcel takes one (to record), else null. Anyone but an admin giving a reason is refused a Failed parcel.
 */
export function assertLoadable(
  order: ManifestOrderRow,
  actor: Actor,
  reason: string | undefined,
): string | null {
  if (order.status === OrderStatus.Delivered || order.status === OrderStatus.OrderFailed) {
    const status = orderStatusText(order.status);
    throw AppError.conflict(
      order.reason
        ? text('ams.notLoadableBecause', { barcode: order.barcode, status, reason: order.reason })
        : text('ams.notLoadable', { barcode: order.barcode, status }),
    );
  }
  if (order.status !== OrderStatus.Failed) return null;
  const adminReason = actor.role === Role.admin ? reason?.trim() : undefined;
  if (!adminReason) throw setAside(order, actor);
  return adminReason;
}
