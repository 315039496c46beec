/**
 * Issue 28 item 4: a screen offers no button that only refuses. What the AMS view lets change follows from
 * where the AMS stands, as the server decides it (ams.service assertChangeable, ams-orders scanIn):
 * - open: everything;
 * - filing (is_updating): nothing changes until the job ends (minutes at most);
 * - submitted: filed with customs, read-only for good;
 * - closed (not submitted): takes no parcels, so its parcels stay as they are on screen; its details and
 *   status can still be saved, which is how an admin reopens it.
 */
import type { Ams } from '@parcelops/shared';

export type AmsLock = 'open' | 'filing' | 'submitted' | 'closed';

export function amsLock(ams: Ams): AmsLock {
  if (ams.submit_status === 'submitted') return 'submitted';
  if (ams.is_updating) return 'filing';
  if (ams.status === 'closed') return 'closed';
  return 'open';
}

/** Loading, removing, renaming cartons: only on an open AMS. */
export const parcelsChangeable = (lock: AmsLock) => lock === 'open';
