import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_PACE, DeliveryPace } from './delivery-pace.ts';
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

  it('keeps at most `concurrency` attempts in flight, in the order they came', async () => {
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
    const silent = limited.attempt(async () => {
      await sleep(300);
      silentDone = true;
    });
    const startedAt = performance.now();
    let nextStartedAfter = Number.NaN;
    await limited.attempt(async () => {
      nextStartedAfter = performance.now() - startedAt;
    });
    expect(nextStartedAfter).toBeGreaterThanOrEqual(25);
    expect(nextStartedAfter).toBeLessThan(250);
    expect(silentDone).toBe(false);
    await silent;
    expect(silentDone).toBe(true);
  });

  it('slices a whole batch while the loop is on time, and small slices with rests while it runs late', async () => {
    // A generous threshold, so a loaded test machine's ordinary lateness does not count as busy.
    const watched = pace({ busyLagMs: 25, busySlice: 10, maxRestMs: 50 });
    expect(watched.sliceSize(50)).toBe(50);
    await sleep(40);
    expect(watched.busy()).toBe(false);
    expect(watched.sliceSize(50)).toBe(50);
    // The loop held for 100 ms: the next sample finds it late.
    hold(100);
    await sleep(15);
    expect(watched.busy()).toBe(true);
    expect(watched.sliceSize(50)).toBe(10);
    expect(watched.sliceSize(4)).toBe(4);
    const resting = performance.now();
    await watched.rest(20);
    expect(performance.now() - resting).toBeGreaterThanOrEqual(15);
    // Once the loop is on time again for a while the lateness is forgotten.
    await sleep(400);
    expect(watched.busy()).toBe(false);
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
