/**
 * One operator's AMS loading session: the scanned rows (newest first, kept in session storage until cleared)
 * and the queue of scans on their way. A handheld scanner fires a code every second or so while the operator
 * does not look at the screen, so every scan is queued and sent one after the other, in the order scanned:
 * none is dropped while the one before is in flight, and the carton counts are built in that order. Each
 * scan carries the fields as they were when it was scanned.
 */
import type { AmsOrderInput, AmsStatistic } from '@parcelops/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { failureWords } from '../../../lib/server-text.ts';
import { useStoredState } from '../../hub/index.ts';
import { amsScanKeys, postAmsOrder } from '../api.ts';
import { type AmsScanRow, failedRow, isRows, rowOfReply } from '../scan-rows.ts';

export const ROWS_KEY = 'parcelops.amsScan.rows';

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

export function useAmsScanSession(onAnswer: (row: AmsScanRow) => void) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useStoredState<AmsScanRow[]>('session', ROWS_KEY, [], isRows);
  const [pending, setPending] = useState(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const onAnswerRef = useRef(onAnswer);
  onAnswerRef.current = onAnswer;

  const send = useCallback(
    async (input: AmsOrderInput) => {
      let row: AmsScanRow;
      try {
        const reply = await postAmsOrder(input);
        row = rowOfReply(input, reply);
        const key = amsScanKeys.statistic(input.ams_sid);
        if (!reply.already_in) {
          queryClient.setQueryData<AmsStatistic>(key, (statistic) =>
            statistic ? withPiece(statistic, row.cartonLabel, reply.order.weight) : statistic,
          );
        }
        void queryClient.invalidateQueries({ queryKey: key });
        // A parcel added leaves the hub's waiting list (a move or a repeat changes nothing there).
        if (row.outcome === 'added')
          void queryClient.invalidateQueries({ queryKey: amsScanKeys.waiting(input.ams_sid) });
      } catch (error) {
        row = failedRow(input, failureWords(error), error instanceof ApiError ? error.code : undefined);
      } finally {
        setPending((count) => count - 1);
      }
      setRows((previous) => [row, ...previous]);
      onAnswerRef.current(row);
    },
    [queryClient, setRows],
  );

  const enqueue = useCallback(
    (input: AmsOrderInput) => {
      setPending((count) => count + 1);
      // `send` never rejects, so one failed scan never stops the ones behind it.
      queue.current = queue.current.then(() => send(input));
    },
    [send],
  );

  // Closing or reloading the tab would drop the scans still waiting: the browser asks first.
  useEffect(() => {
    if (pending === 0) return;
    const hold = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', hold);
    return () => window.removeEventListener('beforeunload', hold);
  }, [pending]);

  /**
   * "Load anyway": an admin sends a set-aside parcel's scan again with a reason. It joins the queue like a
   * scan (its answer is a new row at the top, on the banner); the refused row is marked so it is not sent twice.
   */
  const loadAnyway = useCallback(
    (refused: AmsScanRow, reason: string) => {
      if (!refused.input) return;
      setRows((previous) =>
        previous.map((row) => (row.id === refused.id ? { ...row, retried: true as const } : row)),
      );
      enqueue({ ...refused.input, reason });
    },
    [enqueue, setRows],
  );

  /** A re-weighed parcel's rows show its new weight. */
  const setWeight = useCallback(
    (orderSid: string, weight: number) =>
      setRows((previous) => previous.map((row) => (row.orderSid === orderSid ? { ...row, weight } : row))),
    [setRows],
  );

  /** Only once the queue is empty (the page disables Clear meanwhile): no answer may land in a new table. */
  const clear = useCallback(() => setRows([]), [setRows]);

  return { rows, pending, busy: pending > 0, enqueue, loadAnyway, setWeight, clear };
}
