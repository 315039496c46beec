import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_PACE, DeliveryPace } from './delivery-pace.ts';
import { type DispatchSettings, deliverJobs } from './hook-dispatch.ts';
import { newHookSecret, signedHeaders, signingKey } from './hook-signing.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Blocks the event loop for `ms`, as a busy API (or the embedded database) does. */
const hold = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
};

describe('delivery pace', () => {
  const paces: DeliveryPace[] = [];
  const pace = (settings: Partial<typeof DEFAULT_DELIVERY_PACE> = {}) => {
    const made = new DeliveryPace({ ...DEFAULT_DELIVERY_PACE, ...settings });
    paces.push(made);
    return made;
  };
  afterEach(() => {
    for (const made of paces.splice(0)) made.stop();
  });

  it('keeps at most `concurrency` attempts in flight, started in the order they came', async () => {
    const limited = pace({ concurrency: 3, slotHoldMs: 10_000 });
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        limited.attempt(async () => {
          started.push(index);
          inFlight += 1;
          most = Math.max(most, inFlight);
          await sleep(5);
          inFlight -= 1;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(started).toEqual([...started].sort((a, b) => a - b));
  });

  it('gives a silent attempt’s slot to the next one after the hold, without cutting the silent one short', async () => {
    const limited = pace({ concurrency: 1, slotHoldMs: 30 });
    let silentDone = false;
    let nextStarted = false;
    const silent = limited.attempt(async () => {
      await sleep(2_000);
      silentDone = true;
    });
    await limited.attempt(async () => {
      nextStarted = true;
    });
    // The next attempt ran while the silent one still waited for its answer.
    expect(nextStarted).toBe(true);
    expect(silentDone).toBe(false);
    await silent;
    expect(silentDone).toBe(true);
  });

  it('slices a whole batch while the loop is on time, and small slices with rests while it runs late', async () => {
    // A generous threshold, so a loaded test machine's ordinary lateness does not count as busy.
    const watched = pace({ busyLagMs: 25, busySlice: 10, maxRestMs: 50 });
    expect(watched.sliceSize(50)).toBe(50);
    await sleep(40);
    // The loop held for 100 ms: the next sample finds it late.
    hold(100);
    await sleep(15);
    expect(watched.busy()).toBe(true);
    expect(watched.sliceSize(50)).toBe(10);
    expect(watched.sliceSize(4)).toBe(4);
    const resting = performance.now();
    await watched.rest(20);
    expect(performance.now() - resting).toBeGreaterThanOrEqual(15);
  });

  it('stops slicing and resting once a batch is past its budget, busy or not', async () => {
    const watched = pace({ busyLagMs: 25, busySlice: 10, maxRestMs: 10_000, batchBudgetMs: 1_000 });
    watched.busy();
    await sleep(20);
    hold(100);
    await sleep(15);
    expect(watched.busy()).toBe(true);
    expect(watched.sliceSize(50, 999)).toBe(10);
    expect(watched.sliceSize(50, 1_000)).toBe(50);
    // A rest of 2 x 5 s would be asked for before the budget; past it there is none (only a turn).
    const resting = performance.now();
    await watched.rest(5_000, 1_000);
    expect(performance.now() - resting).toBeLessThan(1_000);
  });
});

describe('winding down for shutdown', () => {
  it('waits for the batches in flight, cuts rests short, and starts no new batch', async () => {
    const made = new DeliveryPace({ ...DEFAULT_DELIVERY_PACE, maxRestMs: 10_000, idleRestRatio: 10 });
    const leave = made.enter();
    let wound = false;
    const winding = made.windDown(60_000).then(() => {
      wound = true;
    });
    expect(made.stopping).toBe(true);
    await sleep(20);
    expect(wound).toBe(false);
    // A rest of 10 s would be asked for; while stopping there is none.
    const resting = performance.now();
    await made.rest(1_000);
    expect(performance.now() - resting).toBeLessThan(5_000);
    leave();
    await winding;
    expect(wound).toBe(true);

    // A batch fetched after that is handed back whole, before it reads anything.
    const settings = { pace: made } as unknown as DispatchSettings;
    await expect(deliverJobs(settings, [{ eventId: 'e', token: 't' }])).rejects.toThrow(/handed back/);
  });
});

describe('hook signing', () => {
  it('signs exactly as the standardwebhooks package does, with one signature per secret', () => {
    const current = newHookSecret();
    const previous = `whsec_${randomBytes(24).toString('base64')}`;
    const at = new Date('2026-11-29T03:00:00Z');
    const body = JSON.stringify({ type: 'order.status', data: { order_number: 'Đơn-1', status: 1 } });
    const headers = signedHeaders('evt_1', at, body, [current, previous].map(signingKey));
    expect(headers['webhook-id']).toBe('evt_1');
    expect(headers['webhook-timestamp']).toBe(String(at.getTime() / 1000));
    expect(headers['webhook-signature']).toBe(
      `${new Webhook(current).sign('evt_1', at, body)} ${new Webhook(previous).sign('evt_1', at, body)}`,
    );
  });
});
