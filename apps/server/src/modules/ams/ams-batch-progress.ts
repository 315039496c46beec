/**
 * The AMS batch upload's progress, kept in `ams_batch_progress` so whichever API instance the client's polls
 * reach can answer them. Written once when the file is read and once per committed chunk; deleted when the
 * upload ends, and swept after an hour untouched (an instance that died mid-upload).
 */
import type { AmsBatchProgress } from '@parcelops/shared';
import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { amsBatchProgress } from './ams-batch-progress.table.ts';

/** How long a progress row may go untouched before the sweep takes it: far past any upload's chunk. */
const STALE_MS = 60 * 60 * 1000;

/** Starts (or restarts, for the same user's id) an upload's progress at 0 of `total`. */
export async function startProgress(
  db: Executor,
  progressId: string,
  userSid: string,
  total: number,
): Promise<boolean> {
  await db.delete(amsBatchProgress).where(lt(amsBatchProgress.updatedAt, new Date(Date.now() - STALE_MS)));
  // Another user's id stays theirs: no progress is recorded for this upload then (the ids are random UUIDs).
  const rows = await db
    .insert(amsBatchProgress)
    .values({ progressId, userSid, done: 0, total })
    .onConflictDoUpdate({
      target: amsBatchProgress.progressId,
      set: { done: 0, total, updatedAt: new Date() },
      setWhere: eq(amsBatchProgress.userSid, userSid),
    })
    .returning({ progressId: amsBatchProgress.progressId });
  return rows.length > 0;
}

export async function advanceProgress(db: Executor, progressId: string, done: number): Promise<void> {
  await db
    .update(amsBatchProgress)
    .set({ done, updatedAt: new Date() })
    .where(eq(amsBatchProgress.progressId, progressId));
}

export async function endProgress(db: Executor, progressId: string): Promise<void> {
  await db.delete(amsBatchProgress).where(eq(amsBatchProgress.progressId, progressId));
}

/** The upload's progress for the user who started it; undefined for anyone else, or when there is none. */
export async function readProgress(
  db: Executor,
  progressId: string,
  userSid: string,
): Promise<AmsBatchProgress | undefined> {
  const [row] = await db
    .select({ done: amsBatchProgress.done, total: amsBatchProgress.total })
    .from(amsBatchProgress)
    .where(and(eq(amsBatchProgress.progressId, progressId), eq(amsBatchProgress.userSid, userSid)));
  return row;
}
