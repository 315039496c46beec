/**
 * Hub receiving from a station's list (POST /orders/scan/batch; issue 32): each scan is the single scan
 * (OrdersScanService.scanWithin, the same code as GET /orders/scan/barcode/{code}), claimed, applied and answered
 * once by the station scans (station-scans.service.ts); a parcel received now keeps the time it was scanned.
 */
import {
  HubStationScanSchema,
  type HubStationScansInputSchema,
  normalizeBarcode,
  type ScanReply,
  type StationVerdicts,
  text,
} from '@parcelops/shared';
import type { z } from 'zod';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type AppliedVerdict,
  listedScan,
  type StationKind,
  type StationScansService,
} from '../station-scans/station-scans.service.ts';
import type { OrdersScanService } from './scan.service.ts';

type HubStationScans = z.output<typeof HubStationScansInputSchema>;
type HubStationScan = z.output<typeof HubStationScanSchema>;

/** The single scan's reply as a verdict: its outcome, and the order beside it. */
function verdictOf({ scan, ...order }: ScanReply): AppliedVerdict {
  return {
    status: 200,
    code: scan.code,
    msg: scan.msg,
    key: scan.key,
    ...(scan.params ? { params: scan.params } : {}),
    order,
    received_at: scan.received_at,
    received_hub: scan.received_hub,
  };
}

export class HubStationService {
  constructor(
    private readonly stations: StationScansService,
    private readonly scans: OrdersScanService,
  ) {}

  async receive(actor: Actor, input: HubStationScans): Promise<StationVerdicts> {
    const station: StationKind<HubStationScan> = {
      kind: 'hub',
      blank: { received_at: null, received_hub: null },
      apply: async (tx, scan, scannedAt) => {
        // The single call refuses a barcode with nothing left after normalising in its schema (400).
        if (!normalizeBarcode(scan.barcode)) throw AppError.badRequest(text('orderInput.giveBarcode'));
        return verdictOf(await this.scans.scanWithin(tx, actor, scan.barcode, scan.hub, scannedAt));
      },
    };
    const verdicts = await this.stations.applyAll(
      actor,
      station,
      input.scans.map((scan) => listedScan(scan, HubStationScanSchema, (read) => read.hub)),
    );
    return { verdicts };
  }
}
