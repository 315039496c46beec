/** Batch orders for the batch pages' component tests. */
import type { BatchOrderDetail } from '@parcelops/shared';

export const batchOrder = (over: Partial<BatchOrderDetail> = {}): BatchOrderDetail => ({
  sid: 'bat-1',
  name: 'November drop',
  account_sid: 'acc-1',
  account_name: 'Seller One',
  status: 'in-progress',
  reason: null,
  reason_text: null,
  file_name: 'november.xlsx',
  file_kept: true,
  rows: 120,
  orders: 0,
  placed: 0,
  total_charge: 0,
  problem_count: 0,
  date_created: '2026-11-01T08:30:00.000Z',
  started_at: '2026-11-01T08:30:02.000Z',
  finished_at: null,
  check_only: false,
  quote: null,
  runs: 1,
  problems: [],
  ...over,
});
