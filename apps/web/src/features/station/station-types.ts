/**
 * What a scan station keeps and sends (issue 32). Both stations scan through the same queue: hub receiving
 * (`hub`: a barcode at a hub) and manifest loading (`ams`: the single load's fields). Every scan carries its
 * own identity and the moment it was made, so a scan sent again after a lost reply is applied once and its
 * event keeps the time the parcel was scanned.
 */
import type { AmsOrderInput, Hub, StationVerdict } from '@parcelops/shared';

export type StationKind = 'hub' | 'ams';

/** What each station sends besides the scan's identity and time. */
export interface StationPayloads {
  hub: { barcode: string; hub: Hub };
  ams: AmsOrderInput;
}
export type StationPayload = StationPayloads[StationKind];

export interface QueuedScan<K extends StationKind = StationKind> {
  /** A UUID made on the station: the server applies a scan once however often it is sent. */
  client_scan_id: string;
  kind: K;
  payload: StationPayloads[K];
  /** When the parcel was scanned, on this device's clock (ISO 8601). */
  scanned_at: string;
  /**
   * Held back: scanned while the station was queuing, or waiting when the server stopped answering. Its
   * verdict comes when the operator has moved on, so it is not shown as the live answer.
   */
  held: boolean;
}

/** One scan's verdict, as the station makes sense of it. */
export interface StationAnswer<K extends StationKind = StationKind> {
  scan: QueuedScan<K>;
  verdict: StationVerdict;
  /** Answered while the operator is still at the parcel: shown on the banner, with its tone. */
  live: boolean;
  /** Needs someone to look (StationException): kept until acknowledged. */
  exception: boolean;
}

/** A queued scan's verdict that needs attention: kept on the station until an operator acknowledges it. */
export interface StationException {
  client_scan_id: string;
  kind: StationKind;
  barcode: string;
  scanned_at: string;
  /** When the verdict arrived (ISO 8601). */
  arrived_at: string;
  verdict: StationVerdict;
}

/** What the banner says about the queue rather than about one verdict. */
export type StationNotice =
  | { type: 'queued'; barcode: string }
  | { type: 'sent'; count: number; exceptions: number };
