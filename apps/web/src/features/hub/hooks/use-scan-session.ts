/**
 * One operator's scanning session: the table of scanned orders (kept in session storage until cleared), the
 * last order shown and the last result. A barcode already in the table is looked up again (its row refreshed)
 * but not added again; a failed lookup clears the shown order and lists the barcode with the reason.
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
import { errorMessage } from '../../../lib/api-client.ts';
import { scanBarcode } from '../api.ts';
import type { ScanOutcome } from '../scan-tones.ts';
import { useStoredState } from './use-stored-state.ts';

export const HUB_KEY = 'parcelops.scan.hub';
export const MUTED_KEY = 'parcelops.scan.muted';
export const ROWS_KEY = 'parcelops.scan.rows';

export interface LastResult {
  outcome: ScanOutcome;
  barcode: string;
  /** The order's number on success, the server's msg on failure. */
  detail: string;
}

const isHub = (value: unknown): value is Hub => HUBS.includes(value as Hub);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isRows = (value: unknown): value is ScannedOrder[] =>
  Array.isArray(value) &&
  value.every((row) => typeof row === 'object' && row !== null && typeof row.barcode === 'string');

const rowOf = (order: Order): ScannedOrder => ({
  orderNumber: order.orderNumber,
  barcode: order.barcode,
  status: order.status,
  reason: order.reason,
  weight: order.weight,
});

/** The row replaced in place when the barcode is listed already, else added at the end. */
function upsert(rows: ScannedOrder[], row: ScannedOrder): ScannedOrder[] {
  const at = rows.findIndex((existing) => existing.barcode === row.barcode);
  if (at === -1) return [...rows, row];
  return rows.map((existing, index) => (index === at ? row : existing));
}

export function useScanSession(onResult: (outcome: ScanOutcome) => void) {
  const [hub, setHub] = useStoredState<Hub>('local', HUB_KEY, DEFAULT_HUB, isHub);
  const [muted, setMuted] = useStoredState<boolean>('local', MUTED_KEY, false, isBoolean);
  const [rows, setRows] = useStoredState<ScannedOrder[]>('session', ROWS_KEY, [], isRows);
  const [order, setOrder] = useState<Order | null>(null);
  const [last, setLast] = useState<LastResult | null>(null);
  const [pending, setPending] = useState(0);
  // What the table holds right now, for scans that arrive before a re-render.
  const listed = useRef(new Set(rows.map((row) => row.barcode)));
  listed.current = new Set(rows.map((row) => row.barcode));

  const scan = useCallback(
    async (code: string) => {
      const barcode = normalizeBarcode(code);
      if (!barcode) return;
      const duplicate = listed.current.has(barcode);
      listed.current.add(barcode);
      setPending((count) => count + 1);
      try {
        const found = await scanBarcode(barcode, hub);
        setOrder(found);
        setRows((previous) => upsert(previous, { ...rowOf(found), barcode }));
        const outcome = duplicate ? 'duplicate' : 'success';
        setLast({ outcome, barcode, detail: found.orderNumber });
        onResult(outcome);
      } catch (error) {
        const msg = errorMessage(error);
        // Spec §8: a failed lookup silently clears the shown order; the table keeps the barcode and why.
        setOrder(null);
        setRows((previous) =>
          upsert(previous, { orderNumber: null, barcode, status: null, reason: msg, weight: null }),
        );
        setLast({ outcome: 'failure', barcode, detail: msg });
        onResult('failure');
      } finally {
        setPending((count) => count - 1);
      }
    },
    [hub, onResult, setRows],
  );

  const clear = useCallback(() => {
    setRows([]);
    setOrder(null);
    setLast(null);
  }, [setRows]);

  return { hub, setHub, muted, setMuted, rows, order, last, busy: pending > 0, scan, clear };
}
