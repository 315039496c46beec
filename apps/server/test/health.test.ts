/**
 * Issue 22 item 2: /healthz says the process answers; /readyz that it can serve (database, migrations, job
 * workers), or 503 naming what is wrong. Both at the root, public, and not swallowed by the web app's pages.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { englishOf } from '@parcelops/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOpsServer } from '../src/ops/ops-server.ts';
import { newestShippedMigration } from '../src/ops/readiness.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'parcelops-health-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>ParcelOps</title>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('with the job workers running in this process (WORKERS=1)', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('answers /healthz and /readyz 200, every check ok, even with the web app served', async () => {
    t = await createTestApp({ webDistDir: dist }, false, { workers: true });
    const health = await get(t, '/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });

    const ready = await get(t, '/readyz');
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.headers['content-type']).toMatch(/application\/json/);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', workers: 'ok' },
    });
    // The web app still has its pages: the probes are routes of their own, not the SPA's fallback.
    expect((await get(t, '/orders')).headers['content-type']).toMatch(/text\/html/);
    expect((await t.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
  });

  it('is not ready once the queue has begun to stop', async () => {
    await t.jobs.stop(1_000);
    const ready = await get(t, '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      msg: 'Not ready: the job workers of this process are not running.',
      code: 'NOT_READY',
      key: 'ops.notReady',
      checks: { database: 'ok', migrations: 'ok', workers: 'failing' },
    });
  });
});

describe('WORKERS=1 but no worker started', () => {
  it('is not ready, and says the workers are not running', async () => {
    const t = await createTestApp();
    try {
      const ready = await get(t, '/readyz');
      expect(ready.statusCode).toBe(503);
      const body = ready.json();
      expect(body.checks).toEqual({ database: 'ok', migrations: 'ok', workers: 'failing' });
      expect(body.msg).toBe(englishOf(body));
      // Alive all the same: liveness does not depend on the database or the workers.
      expect((await get(t, '/healthz')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('an API-only process (WORKERS=0)', () => {
  let t: TestApp;
  let closed = false;
  afterAll(async () => {
    if (!closed) return t.close();
    await t.jobs.stop(1_000).catch(() => {});
    await t.app.close();
  });

  it('needs no workers of its own', async () => {
    t = await createTestApp({ workers: false });
    const ready = await get(t, '/readyz');
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().checks).toEqual({ database: 'ok', migrations: 'ok', workers: 'not run here' });
  });

  it('is not ready when the newest migration is missing, and names it', async () => {
    const newest = newestShippedMigration();
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${newest.when}`,
    );
    const ready = await get(t, '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      msg: `Not ready: the database lacks migrations (expected ${newest.tag}).`,
      code: 'NOT_READY',
      checks: { database: 'ok', migrations: 'failing', workers: 'not run here' },
    });
  });

  it('is not ready when the database does not answer, and stays alive', async () => {
    closed = true;
    await t.database.close();
    const ready = await get(t, '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      msg: 'Not ready: the database does not answer.',
      code: 'NOT_READY',
      checks: { database: 'failing', migrations: 'unknown', workers: 'not run here' },
    });
    expect((await get(t, '/healthz')).json()).toEqual({ status: 'ok' });
  });
});

describe('a worker process with METRICS_PORT (ops/ops-server.ts)', () => {
  it('serves the probes and the metrics, and nothing else', async () => {
    const token = 'worker-metrics-token-0123';
    // The worker may share the API processes' WORKERS=0: it runs the workers all the same.
    const t = await createTestApp({ metricsToken: token, workers: false }, false, { workers: true });
    const ops = await buildOpsServer({
      config: t.app.config,
      db: t.database.db,
      metrics: t.app.services.metrics,
      workers: t.jobs,
    });
    try {
      expect((await ops.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const ready = await ops.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json().checks).toEqual({ database: 'ok', migrations: 'ok', workers: 'ok' });
      const metrics = await ops.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toContain('parcelops_job_queue_depth{queue="ams.submit"} 0');
      expect((await ops.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const other = await ops.inject({ method: 'GET', url: '/api/v1/orders' });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ code: 'NOT_FOUND', msg: 'No route GET /api/v1/orders' });
    } finally {
      await ops.close();
      await t.close();
    }
  });
});
