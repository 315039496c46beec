import { defineTexts } from '../text.ts';

/** What the operations endpoints say (apps/server/src/ops/: /readyz, /metrics). */
export const opsTexts = defineTexts({
  /** /readyz's 503: the failing checks, joined with requests.list. */
  'ops.notReady': { en: 'Not ready: {{problems}}.', vi: 'Chưa sẵn sàng: {{problems}}.' },
  'ops.databaseDown': {
    en: 'the database does not answer',
    vi: 'cơ sở dữ liệu không phản hồi',
  },
  'ops.migrationsMissing': {
    en: 'the database lacks migrations (expected {{expected}})',
    vi: 'cơ sở dữ liệu còn thiếu bản cập nhật cấu trúc (cần {{expected}})',
  },
  'ops.shuttingDown': {
    en: 'this process is shutting down',
    vi: 'máy chủ này đang tắt',
  },
  'ops.workersStopped': {
    en: 'the job workers of this process are not running',
    vi: 'các tiến trình xử lý công việc nền của máy chủ này không chạy',
  },
  'ops.metricsToken': {
    en: 'Metrics need the bearer token set in METRICS_TOKEN.',
    vi: 'Cần mã bearer đã đặt trong METRICS_TOKEN để xem số liệu.',
  },
});
