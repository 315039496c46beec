/**
 * The operations endpoints, at the root beside the web app (not under /api/v1, hidden from the API document),
 * public to the access policy and never logged at info level (a probe every few seconds would drown the log):
 *
 * - GET /healthz: the process answers (a liveness probe: restart it when this fails).
 * - GET /readyz: it can serve (readiness.ts): 200 with the checks, or 503 `{ msg, code, checks }`; 503 from
 *   `startDraining()` on (SIGTERM, process-lifecycle.ts), when every response also says `connection: close`.
 * - GET /metrics: Prometheus text (metrics.ts), behind METRICS_TOKEN; off (404) without it.
 *
 * The HTTP figures (duration by route pattern, requests in flight) are recorded here for every request.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { type ApiErrorBody, ErrorCode, englishOf, type Text, text } from '@parcelops/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { access } from '../plugins/access.ts';
import type { AppMetrics } from './metrics.ts';
import { checkReadiness, type WorkerState } from './readiness.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process is shutting down: /readyz answers 503 and each response closes its connection. */
    startDraining(): void;
  }
}

export interface OpsOptions {
  metrics: AppMetrics;
  /** This process's job queue, asked whether its workers run when the settings say they do (WORKERS=1). */
  workers?: WorkerState;
}

/** A request to these is routine: warnings and errors only. */
const QUIET = { logLevel: 'warn' as const, config: { access: access.public }, schema: { hide: true } };

/** The label of a request no route matched (the SPA's pages, unknown paths): one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Several texts as one, joined with "; " (as plugins/errors.ts lists field problems). */
const listOf = (texts: Text[]): Text =>
  texts.reduceRight((rest, first) => text('requests.list', { first, rest }));

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return false;
  const [scheme, value, ...rest] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'bearer' || !value || rest.length > 0) return false;
  // Digests have one length, so the comparison takes the same time whatever was sent.
  return timingSafeEqual(digest(value), digest(token));
}

export const opsPlugin = fp<OpsOptions>(async (app: FastifyInstance, { metrics, workers }) => {
  if (app.config.metricsToken) metrics.startProcessMetrics();
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  // While draining, no connection is kept for another request: the client opens its next one elsewhere.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  // A request ends once: answered (onResponse) or dropped by its client (onRequestAbort), whichever comes first.
  const counted = new WeakSet<FastifyRequest>();
  const ended = (request: FastifyRequest) => counted.delete(request);
  app.addHook('onRequest', async (request) => {
    counted.add(request);
    metrics.requestStarted();
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!ended(request)) return;
    // The route's pattern (/api/v1/orders/:id), never the URL: one series per route, and no ids or queries.
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.requestEnded(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onRequestAbort', async (request) => {
    if (ended(request)) metrics.requestAborted();
  });

  app.get('/healthz', QUIET, async () => ({ status: 'ok' as const }));

  app.get('/readyz', QUIET, async (_request, reply) => {
    const readiness = await checkReadiness({
      db: app.db,
      runsWorkers: app.config.workers,
      workers,
      draining,
    });
    reply.header('cache-control', 'no-store');
    if (readiness.ready) return { status: 'ok' as const, checks: readiness.checks };
    const words = text('ops.notReady', { problems: listOf(readiness.problems) });
    const body: ApiErrorBody & { checks: typeof readiness.checks } = {
      msg: englishOf(words),
      code: ErrorCode.NOT_READY,
      key: words.key,
      params: words.params,
      checks: readiness.checks,
    };
    return reply.status(503).send(body);
  });

  app.get('/metrics', QUIET, async (request, reply) => {
    const token = app.config.metricsToken;
    // Off unless configured: answered like any unknown path, so a scanner learns nothing.
    if (!token)
      throw AppError.notFound(text('requests.noRoute', { method: request.method, path: '/metrics' }));
    if (!bearerMatches(request, token))
      throw new AppError(ErrorCode.UNAUTHORIZED, 401, text('ops.metricsToken'));
    reply.header('content-type', metrics.contentType).header('cache-control', 'no-store');
    return metrics.text();
  });
});
