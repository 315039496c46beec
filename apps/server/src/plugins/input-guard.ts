/**
 * Refuses, on every route, input that PostgreSQL cannot store as text (see lib/safe-text.ts): a NUL character
 * or an unpaired surrogate in any string or object key of the path parameters, the query string or a JSON
 * body. One hook for all routes rather than a rule per schema, so every route and field is covered by
 * existing, public routes (sign-in, tracking) included. Multipart text fields are checked where they are read
 * (lib/uploads.ts), since they are only parsed inside the handler.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertSafeText } from '../lib/safe-text.ts';

export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // preValidation: after authentication (a refused caller learns nothing) and body parsing, and before the
  // schemas, which may trim or transform a value but would let these characters through to the database.
  app.addHook('preValidation', async (request) => {
    assertSafeText(request.params, 'params');
    assertSafeText(request.query, 'querystring');
    assertSafeText(request.body, 'body');
  });
});
