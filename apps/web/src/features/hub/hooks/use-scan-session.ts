/**
 * One operator's scanning session: the table of scanned orders and the running counts (both kept in session
 * storage until cleared), the last verdict with its order. A barcode already in the table is looked up again
 * (its row refreshed) but not added again; a failed lookup clears the shown order and lists the barcode with
 * the server's reason.
 */
import {
  DEFAULT_HUB,
  HUBS,
  type Hub,
  normalizeBarcode,
  type Order,
  type ScannedOrder,
} from '@parcelops/shared';
import { useCallback, useRef, useState } from 'react';
import { type FailureWords, failureWords } from '../../../lib/server-text.ts';
import { scanBarcode } from '../api.ts';
import { type ScanVerdict, type TallyKey, verdictOfError, verdictOfReply } from '../scan-verdict.ts';
import { useStoredState } from './use-stored-state.ts';

export const HUB_KEY = 'parcelops.scan.hub';
export const MUTED_KEY = 'parcelops.scan.muted';
export const ROWS_KEY = 'parcelops.scan.rows';
export const TALLY_KEY = 'parcelops.scan.tally';

export type ScanTallies = Record<TallyKey, number>;
/** A row of the table: a refused scan keeps the server's text, so it reads in the language chosen later too. */
export type ScanRow = ScannedOrder & Partial<Omit<FailureWords, 'reason'>>;
export const EMPTY_TALLY: ScanTallies = { received: 0, alreadyIn: 0, refused: 0 };

const isHub = (value: unknown): value is Hub => HUBS.includes(value as Hub);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isRows = (value: unknown): value is ScanRow[] =>
  Array.isArray(value) &&
  value.every((row) => typeof row === 'object' && row !== null && typeof row.barcode === 'string');
const isTally = (value: unknown): value is ScanTallies =>
  typeof value === 'object' &&
  value !== null &&
  Object.keys(EMPTY_TALLY).every((key) => Number.isInteger((value as Record<string, unknown>)[key]));

const rowOf = (order: Order): ScanRow => ({
  orderNumber: order.orderNumber,
  barcode: order.barcode,
  status: order.status,
  reason: order.reason,
  weight: order.weight,
});

/** The row replaced in place when the barcode is listed already, else added at the end. */
function upsert(rows: ScanRow[], row: ScanRow): ScanRow[] {
  const at = rows.findIndex((existing) => existing.barcode === row.barcode);
  if (at === -1) return [...rows, row];
  return rows.map((existing, index) => (index === at ? row : existing));
}

export function useScanSession(onVerdict: (verdict: ScanVerdict) => void) {
  const [hub, setHub] = useStoredState<Hub>('local', HUB_KEY, DEFAULT_HUB, isHub);
  const [muted, setMuted] = useStoredState<boolean>('local', MUTED_KEY, false, isBoolean);
  const [rows, setRows] = useStoredState<ScanRow[]>('session', ROWS_KEY, [], isRows);
  const [tally, setTally] = useStoredState<ScanTallies>('session', TALLY_KEY, EMPTY_TALLY, isTally);
  const [last, setLast] = useState<ScanVerdict | null>(null);
  const [pending, setPending] = useState(0);
  // Scans answered after a Clear belong to the cleared session: they must not refill it.
  const generation = useRef(0);

  const scan = useCallback(
    async (code: string) => {
      const barcode = normalizeBarcode(code);
      if (!barcode) return;
      const started = generation.current;
      setPending((count) => count + 1);
      let verdict: ScanVerdict;
      let row: ScanRow;
      try {
        const reply = await scanBarcode(barcode, hub);
        verdict = verdictOfReply(barcode, reply);
        row = { ...rowOf(reply), barcode };
      } catch (error) {
        // Spec §8: a failed lookup clears the shown order; the table keeps the barcode and the server's why.
        verdict = verdictOfError(barcode, error);
        row = { orderNumber: null, barcode, status: null, weight: null, ...failureWords(error) };
      } finally {
        setPending((count) => count - 1);
      }
      if (started !== generation.current) return;
      setRows((previous) => upsert(previous, row));
      setTally((previous) => ({ ...previous, [verdict.tally]: previous[verdict.tally] + 1 }));
      setLast(verdict);
      onVerdict(verdict);
    },
    [hub, onVerdict, setRows, setTally],
  );

  const clear = useCallback(() => {
    generation.current += 1;
    setRows([]);
    setTally(EMPTY_TALLY);
    setLast(null);
  }, [setRows, setTally]);

  return {
    hub,
    setHub,
    muted,
    setMuted,
    rows,
    tally,
    last,
    order: last?.order ?? null,
    busy: pending > 0,
    scan,
    clear,
  };
}
