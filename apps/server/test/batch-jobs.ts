/** For batch order tests: waiting for a batch's job to leave it. */
import type { BatchOrderDetail } from '@parcelops/shared';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/**
 * The batch once its job has left it in one of `statuses` (success or failed by default; add `initiated` for a
 * checked batch), asked for every 100 ms as `token` sees it.
 */
export async function settledBatch(
  t: TestApp,
  sid: string,
  token: string,
  { statuses = ['success', 'failed'], timeoutMs = 30_000 }: { statuses?: string[]; timeoutMs?: number } = {},
): Promise<BatchOrderDetail> {
  let batch: BatchOrderDetail | undefined;
  await expect
    .poll(
      async () => {
        batch = (await t.call('GET', `/batch_orders/${sid}`, { token })).json();
        return statuses.includes(batch?.status ?? '');
      },
      { timeout: timeoutMs, interval: 100 },
    )
    .toBe(true);
  return batch as BatchOrderDetail;
}
