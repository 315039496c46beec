/**
 * What the orders room may ask of a manifest before a parcel's items change (issue 28): whether it is still
 * open. Orders never import the AMS room; the composition root hands this function to OrdersService.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { ams } from './ams.table.ts';

export interface ManifestSubmitState {
  name: string;
  /** Filed, or being filed (a submission reconciles and files what the parcels say at that moment). */
  submitted: boolean;
}

/**
 * The manifest's submit state, its row share-locked until the caller's transaction ends: a submission (which
 * locks the row for update) waits for the item edit to commit and reconciles the edited items, and an edit
 * that comes after the submission started sees it. Undefined when there is no such manifest.
 */
export async function lockManifestSubmitState(
  tx: Executor,
  amsSid: string,
): Promise<ManifestSubmitState | undefined> {
  const [row] = await tx
    .select({ name: ams.name, submitStatus: ams.submitStatus, isUpdating: ams.isUpdating })
    .from(ams)
    .where(eq(ams.sid, amsSid))
    .for('share');
  if (!row) return undefined;
  const open = (row.submitStatus === 'initiated' || row.submitStatus === 'failed') && !row.isUpdating;
  return { name: row.name, submitted: !open };
}
