/**
 * Authentication and the access policy check, on every request to a route that declares one.
 * A bearer value is either a session JWT (a person) or an API key (a seller's program acting as its account).
 * The user behind a JWT is checked on every call, so a deleted user or a changed password ends the session
 * (read through `SessionUsers`, which forgets every user whenever users or accounts change).
 */
import { ErrorCode, Role, roleFromNumber, roleName } from '@parcelops/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.ts';
import { hashApiToken, isApiToken } from '../lib/api-tokens.ts';
import { AppError } from '../lib/app-error.ts';
import { apiKeysRepository } from '../modules/api-keys/api-keys.repository.ts';
import { usersRepository } from '../modules/users/users.repository.ts';
import type { Services } from '../services.ts';
import type { AccessPolicy, Actor } from './access.ts';

const inactiveAccount = () =>
  new AppError(ErrorCode.FORBIDDEN, 403, 'This account is inactive. Please contact support.');

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !value) throw AppError.unauthorized();
  return value.trim();
}

async function actorFromApiKey(db: Database, token: string): Promise<Actor> {
  const found = await apiKeysRepository.findByTokenHash(db, hashApiToken(token));
  if (!found) throw new AppError(ErrorCode.UNAUTHORIZED, 401, 'The API key is not valid.');
  if (!found.accountActive) throw inactiveAccount();
  await apiKeysRepository.touchLastUsed(db, found.key.sid, new Date());
  return {
    userSid: null,
    username: `api-key:${found.key.sid}`,
    role: Role.account,
    accountSid: found.key.accountSid,
    via: 'api_key',
  };
}

async function actorFromSession(
  services: Services,
  token: string,
): Promise<{ actor: Actor; forceChange: boolean }> {
  const claims = services.sessionTokens.verify(token);
  if (!claims) throw AppError.unauthorized();
  const user = await services.sessionUsers.find(claims.sub, (sid) =>
    usersRepository.findBySid(services.db, sid),
  );
  if (!user || user.sessionVersion !== claims.ver) throw AppError.unauthorized();
  const role = roleFromNumber(user.role);
  if (role === Role.account && user.accountActive === false) throw inactiveAccount();
  return {
    actor: { userSid: user.sid, username: user.username, role, accountSid: user.accountSid, via: 'session' },
    forceChange: user.forceChange,
  };
}

function enforce(policy: Extract<AccessPolicy, { kind: 'roles' }>, actor: Actor, forceChange: boolean) {
  if (forceChange && !policy.duringPasswordChange) {
    throw new AppError(
      ErrorCode.PASSWORD_CHANGE_REQUIRED,
      403,
      'You must change your password before you continue.',
    );
  }
  if (!policy.roles.includes(roleName(actor.role))) {
    throw AppError.forbidden(policy.deniedMessage);
  }
  if (actor.via === 'api_key' && !policy.apiKey) {
    throw AppError.forbidden('API keys cannot be used for this call.');
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
    if (!token) throw AppError.unauthorized('You must log in to view that page');
    if (isApiToken(token)) {
      const actor = await actorFromApiKey(app.services.db, token);
      enforce(policy, actor, false);
      request.actor = actor;
      return;
    }
    const { actor, forceChange } = await actorFromSession(app.services, token);
    enforce(policy, actor, forceChange);
    request.actor = actor;
  });
});
