/**
 * The station scans' job: the daily clean-up of listed scans' records older than STATION_SCAN_KEEP_DAYS (a scan
 * that old would be refused SCAN_TOO_OLD if sent again). Its payload is checked against queues.ts before this runs.
 */
import type { JobHandler } from '../../jobs/job-queue.ts';
import type { StationScansService } from './station-scans.service.ts';

export function stationScanJobs(stationScans: Pick<StationScansService, 'dropOld'>): {
  'station-scans.drop-old': JobHandler<'station-scans.drop-old'>;
} {
  return {
    // On its daily schedule (queues.ts SCHEDULES).
    'station-scans.drop-old': async () => {
      await stationScans.dropOld();
    },
  };
}
