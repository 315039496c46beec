/**
 * One operator's hub scanning session, on the station core (issue 32): every scan goes through the queue
 * (useStation, kind 'hub'), sent at once while the server answers and kept on the device while it does not.
 * The page keeps the table of scanned orders and the running counts (both in session storage until cleared)
 * and the last live verdict with its order. A barcode already in the table is scanned again (its row
 * refreshed) but not added again; a scan kept back is listed as queued until its verdict replaces it; a
 * refused scan clears the shown order and lists the barcode with the server's reason.
 */
import { DEFAULT_HUB, HUBS, type Hub, normalizeBarcode, type ScannedOrder } from '@parcelops/shared';
import { useCallback, useRef, useState } from 'react';
import type { FailureWords } from '../../../lib/server-text.ts';
import {
  MUTED_KEY,
  type QueuedScan,
  type StationAnswer,
  useSessionCounts,
  useStation,
  useStoredState,
} from '../../station/index.ts';
import { type ScanVerdict, type TallyKey, verdictOfStation } from '../scan-verdict.ts';

export const HUB_KEY = 'parcelops.scan.hub';
export { MUTED_KEY };
export const ROWS_KEY = 'parcelops.scan.rows';
export const TALLY_KEY = 'parcelops.scan.tally';
/** When the table was last cleared: verdicts of scans made before then belong to the cleared session. */
export const CLEARED_KEY = 'parcelops.scan.clearedAt';

export type ScanTallies = Record<TallyKey, number>;
/**
 * A row of the table: a refused scan keeps the server's text, so it reads in the language chosen later too;
 * a queued one has no verdict yet.
 */
export type ScanRow = ScannedOrder & Partial<Omit<FailureWords, 'reason'>> & { queued?: true };
const TALLY_KEYS: readonly TallyKey[] = ['received', 'alreadyIn', 'refused'];
export const EMPTY_TALLY: ScanTallies = { received: 0, alreadyIn: 0, refused: 0 };

const isHub = (value: unknown): value is Hub => HUBS.includes(value as Hub);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isString = (value: unknown): value is string => typeof value === 'string';
const isRows = (value: unknown): value is ScanRow[] =>
  Array.isArray(value) &&
  value.every((row) => typeof row === 'object' && row !== null && typeof row.barcode === 'string');

function rowOf(verdict: ScanVerdict): ScanRow {
  const { order, barcode, failure } = verdict;
  if (order) {
    return {
      orderNumber: order.orderNumber,
      barcode,
      status: order.status,
      reason: order.reason,
      weight: order.weight,
    };
  }
  return {
    orderNumber: null,
    barcode,
    status: null,
    weight: null,
    ...failure,
    reason: failure?.reason ?? null,
  };
}

const queuedRow = (barcode: string): ScanRow => ({
  orderNumber: null,
  barcode,
  status: null,
  reason: null,
  weight: null,
  queued: true,
});

/** The row replaced in place when the barcode is listed already, else added at the end. */
function upsert(rows: ScanRow[], row: ScanRow): ScanRow[] {
  const at = rows.findIndex((existing) => existing.barcode === row.barcode);
  if (at === -1) return [...rows, row];
  return rows.map((existing, index) => (index === at ? row : existing));
}

export function useScanSession() {
  const [hub, setHub] = useStoredState<Hub>('local', HUB_KEY, DEFAULT_HUB, isHub);
  const [muted, setMuted] = useStoredState<boolean>('local', MUTED_KEY, false, isBoolean);
  const [rows, setRows] = useStoredState<ScanRow[]>('session', ROWS_KEY, [], isRows);
  const tally = useSessionCounts<TallyKey>(TALLY_KEY, TALLY_KEYS);
  const [clearedAt, setClearedAt] = useStoredState<string>('session', CLEARED_KEY, '', isString);
  const [last, setLast] = useState<ScanVerdict | null>(null);
  // Read when verdicts arrive, which may be long after the scan: always the latest Clear.
  const cleared = useRef(clearedAt);
  cleared.current = clearedAt;

  const onHeld = useCallback(
    (scans: QueuedScan<'hub'>[]) => {
      const kept = scans.filter((scan) => scan.scanned_at >= cleared.current);
      if (kept.length === 0) return;
      setRows((previous) =>
        kept.reduce((table, scan) => upsert(table, queuedRow(scan.payload.barcode)), previous),
      );
      // The last parcel was not checked: no order card that could be taken for it.
      setLast(null);
    },
    [setRows],
  );

  const onAnswers = useCallback(
    (answers: StationAnswer<'hub'>[]) => {
      const current = answers
        .filter((answer) => answer.scan.scanned_at >= cleared.current)
        .map((answer) => ({ live: answer.live, verdict: verdictOfStation(answer.verdict) }));
      if (current.length === 0) return;
      setRows((previous) => current.reduce((table, { verdict }) => upsert(table, rowOf(verdict)), previous));
      tally.add(current.map(({ verdict }) => verdict.tally));
      const live = current.filter((answer) => answer.live).at(-1);
      if (live) setLast(live.verdict);
    },
    [setRows, tally.add],
  );

  const station = useStation('hub', { onHeld, onAnswers, muted });
  const { scan: queueScan } = station;

  const scan = useCallback(
    (code: string) => {
      const barcode = normalizeBarcode(code);
      if (barcode) queueScan({ barcode, hub });
    },
    [queueScan, hub],
  );

  const clear = useCallback(() => {
    setClearedAt(new Date().toISOString());
    setRows([]);
    tally.reset();
    setLast(null);
  }, [setClearedAt, setRows, tally.reset]);

  return {
    hub,
    setHub,
    muted,
    setMuted,
    rows,
    tally: tally.counts,
    last,
    order: last?.order ?? null,
    station,
    busy: station.busy,
    scan,
    clear,
  };
}
