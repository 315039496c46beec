/**
 * The AMS's job: file a submitted AMS (AmsSubmissionService.fileJob, which clears is_updating with the reason
 * when the last attempt fails). Its payload is checked against queues.ts before this runs.
 */
import type { JobHandler } from '../../jobs/job-queue.ts';
import type { AmsSubmissionService } from './ams-submission.service.ts';

export function amsJobs(submission: Pick<AmsSubmissionService, 'fileJob'>): {
  'ams.submit': JobHandler<'ams.submit'>;
} {
  return {
    'ams.submit': (job) => submission.fileJob(job.data, job),
  };
}
