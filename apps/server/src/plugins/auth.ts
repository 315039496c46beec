/**
 * Authentication and the access policy check, on every request to a route that declares one.
 * A bearer value is either a session JWT (a person) or an API key (a seller's program acting as its account).
 * Who the caller is comes from the auth service (`callerOf`): the user behind a JWT is checked on every call,
 * so a deleted user or a changed password ends the session. This plugin only reads the header and enforces.
 */
import { ErrorCode, roleName, text } from '@parcelops/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { AccessPolicy, Actor } from './access.ts';

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !value) throw AppError.unauthorized();
  return value.trim();
}

function enforce(policy: Extract<AccessPolicy, { kind: 'roles' }>, actor: Actor, forceChange: boolean) {
  if (forceChange && !policy.duringPasswordChange) {
    throw new AppError(ErrorCode.PASSWORD_CHANGE_REQUIRED, 403, text('access.passwordChangeRequired'));
  }
  if (!policy.roles.includes(roleName(actor.role))) {
    throw AppError.forbidden(policy.deniedMessage);
  }
  if (actor.via === 'api_key' && !policy.apiKey) {
    throw AppError.forbidden(text('access.apiKeyNotAllowed'));
  }
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access policy`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const policy = request.routeOptions.config?.access;
    if (!policy || policy.kind === 'public') return;
    const token = bearerOf(request);
    if (!token) throw AppError.unauthorized(text('access.mustLogIn'));
    const { actor, forceChange } = await app.services.auth.callerOf(token);
    enforce(policy, actor, forceChange);
    request.actor = actor;
  });
});
