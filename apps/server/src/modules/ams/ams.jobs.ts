/**
 * The AMS's job: file a submitted AMS (ams-submission.service.ts). A failure that is not the filing's own
 * (the database went away) is thrown, so the queue retries it; on the last attempt is_updating is cleared with
 * the reason first, so no AMS stays "being submitted" for ever.
 */

import { text } from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import { amsRepository } from './ams.repository.ts';
import { submitReasonColumns } from './ams.service.ts';
import type { AmsSubmissionService } from './ams-submission.service.ts';

export function amsJobs(
  db: Database,
  submission: Pick<AmsSubmissionService, 'file'>,
): {
  'ams.submit': JobHandler<'ams.submit'>;
} {
  return {
    'ams.submit': async (job) => {
      try {
        await submission.file(job.data.amsSid, { userSid: job.data.userSid, apiKeySid: null });
      } catch (error) {
        if (job.retryCount >= job.retryLimit)
          await amsRepository.update(db, job.data.amsSid, {
            isUpdating: false,
            ...submitReasonColumns(text('ams.filingGaveUp')),
          });
        throw error;
      }
    },
  };
}
