/**
 * The checks every AMS service makes before touching a manifest. They sit below the services (ams.service.ts,
 * ams-orders.service.ts, ams-files.service.ts, the submission) so those import them without importing each
 * other: the AMS service hands parcels back through the orders service, which must not lean on it in turn.
 */
import { text } from '@parcelops/shared';
import { AppError } from '../../lib/app-error.ts';
import type { AmsRow } from './ams.repository.ts';

export const amsNotFound = () => AppError.notFound(text('ams.notFound'));

/** Refuses a change to an AMS that was filed, or that a submission is filing right now. */
export function assertChangeable(row: AmsRow): void {
  if (row.submitStatus === 'submitted')
    throw AppError.conflict(text('ams.submittedUnchangeable', { name: row.name }));
  if (row.isUpdating) throw AppError.conflict(text('ams.beingSubmitted', { name: row.name }));
}
