/**
 * A worker process's own small HTTP server (`npm run worker` with METRICS_PORT): /healthz, /readyz and
 * /metrics (ops.routes.ts) and nothing else, so the job figures recorded there are scraped and a supervisor
 * can probe the worker as it probes the API processes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { errorsPlugin, noRouteBody } from '../plugins/errors.ts';
import type { AppMetrics } from './metrics.ts';
import { opsPlugin } from './ops.routes.ts';
import type { WorkerState } from './readiness.ts';

export interface OpsServerOptions {
  config: AppConfig;
  db: Database;
  metrics: AppMetrics;
  /** The worker's queue: readiness asks it whether the workers run. */
  workers: WorkerState;
}

/** Builds the server; the caller listens (on METRICS_PORT) and closes it. */
export async function buildOpsServer({
  config,
  db,
  metrics,
  workers,
}: OpsServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  // A worker runs the workers whatever WORKERS says (it may share the API processes' WORKERS=0).
  app.decorate('config', { ...config, workers: true });
  app.decorate('db', db);
  await app.register(errorsPlugin);
  await app.register(opsPlugin, { metrics, workers });
  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send(noRouteBody(request.method, request.url.split('?')[0] ?? ''));
  });
  return app;
}
