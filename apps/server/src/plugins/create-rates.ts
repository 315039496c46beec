/**
 * The creating calls' rate limit (issue 30): on every route declared `createCall` (lib/routes.ts), after the
 * caller is known (plugins/auth.ts), one count in the database per call (modules/rates/create-rates.ts), per
 * API key or signed-in user. Beyond CREATE_CALLS_PER_MINUTE the call is answered 429 RATE_LIMITED with
 * Retry-After, the seconds left in the window, before its body is read. Another caller's count is another row.
 */
import { ErrorCode, text } from '@parcelops/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { CreateRates } from '../modules/rates/create-rates.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counted against the caller's creating calls (plugins/create-rates.ts). */
    createCall?: boolean;
  }
}

export const createRatesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config?.createCall || !request.actor) return;
    const key = CreateRates.keyOf(request.actor);
    if (!key) return;
    const waitSeconds = await app.services.createRates.count(key);
    if (waitSeconds === null) return;
    const error = new AppError(
      ErrorCode.RATE_LIMITED,
      429,
      text('requests.tooManyCreating', { max: app.services.createRates.limits.max, seconds: waitSeconds }),
    );
    error.headers = { 'retry-after': String(waitSeconds) };
    throw error;
  });
});
