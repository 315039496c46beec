/**
 * The AMS batch upload's progress on the screen: the id an upload is known by, and what its progress bar says
 * at each stage (pure, for the component and its test).
 */
import type { AmsBatchProgress } from '@parcelops/shared';

/**
 * A random UUID (version 4) for an upload. crypto.randomUUID exists only in secure contexts (https,
 * localhost); getRandomValues everywhere, so a hub that serves the app over plain http on its network works too.
 */
export function newProgressId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the bar shows: the file on its way (no count yet), or the parcels loaded so far and in all. */
export type BatchStage =
  | { kind: 'sending' }
  | { kind: 'loading'; done: number; total: number; percent: number };

/** The stage an upload in flight is at, from the server's last answer (null before it has read the file). */
export function batchStage(progress: AmsBatchProgress | null | undefined): BatchStage {
  if (!progress || progress.total <= 0) return { kind: 'sending' };
  const done = Math.min(progress.done, progress.total);
  return { kind: 'loading', done, total: progress.total, percent: (done / progress.total) * 100 };
}
