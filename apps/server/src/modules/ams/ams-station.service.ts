/**
 * Manifest loading from a station's list (POST /ams/order/batch; issue 32): each scan is the single load
 * (AmsOrdersService.scanInWithin, the same code as POST /ams/order), claimed, applied and answered once by the
 * station scans (station-scans.service.ts); a parcel loaded now keeps the time it was scanned on its event.
 */
import {
  type AmsOrderReply,
  AmsStationScanSchema,
  type AmsStationScansInputSchema,
  type StationVerdicts,
  type Text,
  text,
} from '@parcelops/shared';
import type { z } from 'zod';
import type { Actor } from '../../lib/account-scope.ts';
import {
  type AppliedVerdict,
  listedScan,
  type StationKind,
  type StationScansService,
  verdictWords,
} from '../station-scans/station-scans.service.ts';
import type { AmsOrdersService } from './ams-orders.service.ts';

type AmsStationScans = z.output<typeof AmsStationScansInputSchema>;
type AmsStationScan = z.output<typeof AmsStationScanSchema>;

/** The single load's reply as a verdict: LOADED, MOVED (another carton of this AMS) or ALREADY_IN. */
function verdictOf(reply: AmsOrderReply, scan: AmsStationScan): AppliedVerdict {
  const carton = scan.ams_carton_label;
  const barcode = reply.order.barcode;
  let code: AppliedVerdict['code'];
  let words: Text;
  if (typeof reply.carton_moved_from === 'string') {
    code = 'MOVED';
    words = text('ams.history.cartonMoved', { from: reply.carton_moved_from, to: carton });
  } else if (reply.already_in) {
    code = 'ALREADY_IN';
    words = text('ams.station.alreadyIn', { barcode, carton });
  } else {
    code = 'LOADED';
    words = text('ams.event.loaded', { mawb: scan.masterAirWaybill });
  }
  return {
    status: 200,
    code,
    ...verdictWords(words),
    order: reply.order,
    ams_automatedManifestSystemId: reply.ams_automatedManifestSystemId,
    ams_carton_label: carton,
    carton_moved_from: reply.carton_moved_from ?? null,
  };
}

export class AmsStationService {
  constructor(
    private readonly stations: StationScansService,
    private readonly amsOrders: AmsOrdersService,
  ) {}

  async load(actor: Actor, input: AmsStationScans): Promise<StationVerdicts> {
    const station: StationKind<AmsStationScan> = {
      kind: 'ams',
      blank: { ams_automatedManifestSystemId: null, ams_carton_label: null, carton_moved_from: null },
      apply: async (tx, scan, scannedAt) =>
        verdictOf(await this.amsOrders.scanInWithin(tx, actor, scan, scannedAt), scan),
    };
    const verdicts = await this.stations.applyAll(
      actor,
      station,
      input.scans.map((scan) =>
        listedScan(scan, AmsStationScanSchema, (read) =>
          JSON.stringify([read.ams_sid, read.ams_carton_label]),
        ),
      ),
    );
    return { verdicts };
  }
}
