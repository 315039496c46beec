import type { BatchOrderDetail } from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { batchOrderQuery, isBatchRunning } from './api.ts';

/**
 * Follows the batch `sid` while its job runs (the query asks again every BATCH_POLL_MS) and calls `onOutcome`
 * once per run, when that run has ended: success, failed, or checked. Nothing is said before the job has
 * decided. `sid` null follows nothing; `run` names the run to wait for (a page that started it knows which).
 */
export function useBatchOutcome(
  sid: string | null,
  run: number | null,
  onOutcome: (batch: BatchOrderDetail) => void,
) {
  const query = useQuery({ ...batchOrderQuery(sid ?? ''), enabled: sid !== null });
  const told = useRef<string | null>(null);
  const latest = useRef(onOutcome);
  latest.current = onOutcome;
  const batch = query.data;
  useEffect(() => {
    if (!batch || sid === null || run === null || batch.sid !== sid || batch.runs !== run) return;
    if (isBatchRunning(batch.status)) return;
    const mark = `${sid}:${run}`;
    if (told.current === mark) return;
    told.current = mark;
    latest.current(batch);
  }, [batch, sid, run]);
  return query;
}
