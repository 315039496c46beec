/**
 * An AbortSignal for work done only for one reply (reading an upload): it aborts when the client goes away
 * before the reply is sent, so a parse ends (parse-pool.ts ends its worker) instead of running on for nobody.
 */
import type { FastifyReply } from 'fastify';

export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  // The response closes when it is sent or when the connection drops; only the second means the client left.
  if (response.destroyed && !response.writableFinished) controller.abort();
  else response.once('close', () => response.writableFinished || controller.abort());
  return controller.signal;
}
