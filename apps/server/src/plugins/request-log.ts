/**
 * One log line per request, when its reply has been sent: the request id (pino's `reqId`, from the request's
 * child logger), method, route pattern, status, time taken and who called (their sid). It replaces Fastify's
 * own pair of lines (incoming, completed), which told the full URL, query string included.
 *
 * The route pattern (`/api/v1/orders/:sid`) is logged, never the path or its query: a path's parameters and a
 * query's values are what the caller typed (a customer's name in a search). A request that took longer than
 * SLOW_REQUEST_MS is the same line at warn level.
 *
 * The line goes through the request's logger, which Fastify creates at the route's own `logLevel`: a route
 * declared with `logLevel: 'warn'` (health checks, metrics scraped every few seconds) logs only when slow.
 *
 * Fastify's log controller (its `logController` option) is where its per-request lines come from; replacing
 * those two methods, rather than adding an onResponse hook, also covers a route whose hooks failed. The
 * replies the router makes before any route (a malformed %-escape) log their line in plugins/errors.ts.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** The line for one request whose reply has been sent (or failed after its headers went). */
export function logRequestCompleted(
  error: Error | null | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
  slowRequestMs: number,
): void {
  const ms = Math.round(reply.elapsedTime);
  const actor = request.actor;
  const line = {
    method: request.method,
    // Null when no route matched (a 404, or a reply the router made itself).
    route: request.routeOptions.url ?? null,
    status: reply.statusCode,
    ms,
    ...(actor?.userSid ? { userSid: actor.userSid } : {}),
    ...(actor?.apiKeySid ? { apiKeySid: actor.apiKeySid } : {}),
  };
  // The reply failed after its headers were sent (a streamed workbook that broke off): as Fastify does.
  if (error) request.log.error({ ...line, err: error }, 'request errored');
  else if (reply.elapsedTime > slowRequestMs) request.log.warn({ ...line, slow: true }, 'slow request');
  else request.log.info(line, 'request completed');
}

export class RequestLogController extends LogController {
  constructor(private readonly slowRequestMs: number) {
    super();
  }

  override incomingRequest(): void {
    // The completion line says all of it, once.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    logRequestCompleted(error, request, reply, this.slowRequestMs);
  }
}
