/**
 * Issue 22 item 2: GET /metrics in Prometheus text, off without METRICS_TOKEN, behind its bearer token with
 * it; the HTTP, sign-in, job and pool figures move with what the app does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HookReceiver, startHookReceiver } from './hook-receiver.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line (`name{labels} value`), 0 when the series does not exist yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('without METRICS_TOKEN', () => {
  it('answers 404, as an unknown path', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ msg: 'No route GET /metrics', code: 'NOT_FOUND' });
    } finally {
      await t.close();
    }
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  let receiver: HookReceiver;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN, hooksAllowPrivate: true }, false, {
      workers: true,
      hookTimeoutMs: 5_000,
    });
    receiver = await startHookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };

  it('refuses a request without the token, or with another (401)', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer short', `Basic ${TOKEN}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({
        msg: 'Metrics need the bearer token set in METRICS_TOKEN.',
        code: 'UNAUTHORIZED',
        key: 'ops.metricsToken',
      });
    }
  });

  it('answers Prometheus text with the token, with the process and pool figures', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.body;
    expect(text).toMatch(/^parcelops_process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^parcelops_nodejs_eventloop_lag_seconds \d/m);
    expect(sample(text, 'parcelops_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^parcelops_db_pool_waiting_clients \d+$/m);
    expect(text).toMatch(/^parcelops_http_requests_in_flight \d+$/m);
  });

  it('counts a request in its route pattern, never its URL', async () => {
    const series =
      'parcelops_http_request_duration_seconds_count{method="GET",route="/api/v1/settings/public",status_code="200"}';
    const before = sample(await scrape(), series);
    expect((await t.call('GET', '/settings/public?probe=1')).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, series)).toBe(before + 1);
    expect(after).not.toContain('probe=1');
    // Unknown paths share one series.
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing/123' });
    const unmatched = await scrape();
    expect(unmatched).not.toContain('no-such-thing');
    expect(
      sample(
        unmatched,
        'parcelops_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts a failed sign-in', async () => {
    const series = 'parcelops_sign_in_failures_total{reason="invalid_credentials"}';
    const before = sample(await scrape(), series);
    const response = await t.call('POST', '/login', {
      body: { username: 'admin', password: 'wrong-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(sample(await scrape(), series)).toBe(before + 1);
  });

  it('counts waiting jobs per queue, and a job run', async () => {
    const queue = 'batch-orders.place';
    const depth = `parcelops_job_queue_depth{queue="${queue}"}`;
    const runs = `parcelops_job_duration_seconds_count{queue="${queue}"}`;
    const before = await scrape();
    // One job for an hour from now waits; one now runs (a batch that does not exist: nothing to do).
    await t.database.db.transaction(async (tx) => {
      await t.jobs.enqueue(tx, queue, { batchSid: 'no-such-batch-later' }, { startAfterSeconds: 3600 });
      await t.jobs.enqueue(tx, queue, { batchSid: 'no-such-batch-now' });
    });
    let text = await scrape();
    for (let waited = 0; sample(text, runs) < sample(before, runs) + 1 && waited < 30_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      text = await scrape();
    }
    expect(sample(text, runs)).toBe(sample(before, runs) + 1);
    expect(sample(text, depth)).toBe(sample(before, depth) + 1);
    expect(sample(text, `parcelops_job_failures_total{queue="${queue}"}`)).toBe(0);
    expect(text).toContain('parcelops_job_queue_depth{queue="webhooks.deliver"} 0');
  });

  it('counts webhook deliveries by outcome', async () => {
    const admin = await t.adminToken();
    const account = await t.createAccount(admin);
    const hook = await t.call('PUT', `/accounts/${account.sid}`, {
      token: admin,
      body: { order_status_hook: receiver.url },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const series = (outcome: string) => `parcelops_webhook_deliveries_total{outcome="${outcome}"}`;
    const before = await scrape();
    // A test event gets one attempt: delivered on a 2xx, failed on anything else.
    receiver.script({ status: 200 }, { status: 500 });
    for (const expected of ['delivered', 'failed']) {
      const sent = await t.call('POST', `/accounts/${account.sid}/hook/test`, { token: admin });
      expect(sent.statusCode, sent.body).toBe(202);
      let text = await scrape();
      for (
        let waited = 0;
        sample(text, series(expected)) === sample(before, series(expected));
        waited += 250
      ) {
        if (waited > 30_000) throw new Error(`no ${expected} delivery counted`);
        await new Promise((resolve) => setTimeout(resolve, 250));
        text = await scrape();
      }
      expect(sample(text, series(expected))).toBe(sample(before, series(expected)) + 1);
    }
  });
});
