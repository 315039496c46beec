/**
 * One operator's AMS loading session, on the station core (issue 32): every scan goes through the queue
 * (useStation, kind 'ams'), sent at once while the server answers and kept on the device while it does not,
 * each carrying the fields as they were when it was scanned. The page keeps the scanned rows (newest first, in
 * session storage until cleared), the last live answer for the banner, and the carton counts: a parcel loaded
 * counts up at once, and the server's statistic (and the hub's waiting list) is fetched again after each call.
 */
import { AmsLoadCode, type AmsOrderInput, type AmsStatistic } from '@parcelops/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { type QueuedScan, type StationAnswer, useStation, useStoredState } from '../../station/index.ts';
import { amsScanKeys } from '../api.ts';
import { type AmsScanRow, isRows, queuedRow, rowOfVerdict, upsertRow } from '../scan-rows.ts';

export const ROWS_KEY = 'parcelops.amsScan.rows';
/** When the table was last cleared: verdicts of scans made before then belong to the cleared session. */
export const CLEARED_KEY = 'parcelops.amsScan.clearedAt';

const isString = (value: unknown): value is string => typeof value === 'string';

/** The statistic with one more piece in `label`, until the server's own count replaces it. */
export function withPiece(statistic: AmsStatistic, label: string, weight: number): AmsStatistic {
  const known = statistic.data.some((entry) => entry.ams_carton_label === label);
  const data = known
    ? statistic.data.map((entry) =>
        entry.ams_carton_label === label
          ? { ...entry, count: entry.count + 1, total_weight: entry.total_weight + weight }
          : entry,
      )
    : [...statistic.data, { ams_carton_label: label, count: 1, total_weight: weight }];
  return { data, count: statistic.count + 1, total_weight: statistic.total_weight + weight };
}

interface AmsScanSessionOptions {
  muted: boolean;
  /** A live answer's row, for what the page says beside the banner (the "Error: {msg}" toast). */
  onLiveRow?: (row: AmsScanRow) => void;
}

export function useAmsScanSession({ muted, onLiveRow }: AmsScanSessionOptions) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useStoredState<AmsScanRow[]>('session', ROWS_KEY, [], isRows);
  const [clearedAt, setClearedAt] = useStoredState<string>('session', CLEARED_KEY, '', isString);
  // After a reload the banner shows the newest answered row, as it did before the reload.
  const [last, setLast] = useState<AmsScanRow | null>(
    () => rows.find((row) => row.outcome !== 'queued') ?? null,
  );
  // Read when verdicts arrive, which may be long after the scan: always the latest Clear and callback.
  const cleared = useRef(clearedAt);
  cleared.current = clearedAt;
  const onLive = useRef(onLiveRow);
  onLive.current = onLiveRow;

  /** The server's counts change with every load, whether or not its row is still on this screen. */
  const countLoads = useCallback(
    (answers: StationAnswer<'ams'>[]) => {
      const touched = new Set<string>();
      const loadedInto = new Set<string>();
      for (const { scan, verdict } of answers) {
        const amsSid = scan.payload.ams_sid;
        touched.add(amsSid);
        if (verdict.code !== AmsLoadCode.LOADED || !verdict.order) continue;
        // A move or a repeat changes neither the AMS's total nor the hub's waiting list.
        loadedInto.add(amsSid);
        const label =
          verdict.ams_carton_label ?? verdict.order.ams_carton_label ?? scan.payload.ams_carton_label;
        const weight = verdict.order.weight;
        queryClient.setQueryData<AmsStatistic>(amsScanKeys.statistic(amsSid), (statistic) =>
          statistic ? withPiece(statistic, label, weight) : statistic,
        );
      }
      for (const amsSid of touched)
        void queryClient.invalidateQueries({ queryKey: amsScanKeys.statistic(amsSid) });
      for (const amsSid of loadedInto)
        void queryClient.invalidateQueries({ queryKey: amsScanKeys.waiting(amsSid) });
    },
    [queryClient],
  );

  const onAnswers = useCallback(
    (answers: StationAnswer<'ams'>[]) => {
      countLoads(answers);
      const current = answers
        .filter((answer) => answer.scan.scanned_at >= cleared.current)
        .map((answer) => ({ live: answer.live, row: rowOfVerdict(answer.scan, answer.verdict) }));
      if (current.length === 0) return;
      setRows((previous) => current.reduce((table, { row }) => upsertRow(table, row), previous));
      const live = current.filter((answer) => answer.live).at(-1);
      if (live) {
        setLast(live.row);
        onLive.current?.(live.row);
      }
    },
    [countLoads, setRows],
  );

  const onHeld = useCallback(
    (scans: QueuedScan<'ams'>[]) => {
      const kept = scans.filter((scan) => scan.scanned_at >= cleared.current);
      if (kept.length === 0) return;
      setRows((previous) => kept.reduce((table, scan) => upsertRow(table, queuedRow(scan)), previous));
      // The last parcel was not checked: no answer that could be taken for it.
      setLast(null);
    },
    [setRows],
  );

  const station = useStation('ams', { onAnswers, onHeld, muted });
  const { scan } = station;

  /**
   * "Load anyway": an admin sends a set-aside parcel's scan again with a reason, as a new scan through the
   * queue (its answer is a new row at the top); the refused row is marked so it is not sent twice.
   */
  const loadAnyway = useCallback(
    (refused: AmsScanRow, reason: string) => {
      if (!refused.input) return;
      setRows((previous) =>
        previous.map((row) => (row.id === refused.id ? { ...row, retried: true as const } : row)),
      );
      scan({ ...refused.input, reason });
    },
    [scan, setRows],
  );

  /** A re-weighed parcel's rows show its new weight. */
  const setWeight = useCallback(
    (orderSid: string, weight: number) =>
      setRows((previous) => previous.map((row) => (row.orderSid === orderSid ? { ...row, weight } : row))),
    [setRows],
  );

  /** Only the screen forgets: queued scans stay on the device and are still sent (and counted). */
  const clear = useCallback(() => {
    setClearedAt(new Date().toISOString());
    setRows([]);
    setLast(null);
  }, [setClearedAt, setRows]);

  return {
    rows,
    last,
    station,
    busy: station.busy,
    scan: useCallback((input: AmsOrderInput) => scan(input), [scan]),
    loadAnyway,
    setWeight,
    clear,
  };
}
