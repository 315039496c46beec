import {
  ChangePasswordInputSchema,
  ErrorCode,
  LoginInputSchema,
  LoginResponseSchema,
  UserSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { authErrors, commonErrors, ErrorBodySchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(auth: AuthService, users: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login',
      {
        config: {
          access: access.public,
          // Spec: sign-in attempts are limited per username and address, counted after the body is read.
          rateLimit: {
            max: app.config.loginMaxAttempts,
            timeWindow: app.config.loginWindowMs,
            hook: 'preHandler',
            keyGenerator: (request) => {
              const username = (request.body as { username?: unknown } | undefined)?.username;
              return `${request.ip}|${typeof username === 'string' ? username.trim().toLowerCase() : ''}`;
            },
            errorResponseBuilder: (_request, context) =>
              new AppError(
                ErrorCode.RATE_LIMITED,
                429,
                `Too many sign-in attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
              ),
          },
        },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with username and password',
          body: LoginInputSchema,
          response: {
            200: LoginResponseSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            // The user's account is inactive.
            403: ErrorBodySchema,
            429: ErrorBodySchema,
          },
        },
      },
      async (request) => auth.login(request.body),
    );

    app.get(
      '/me',
      {
        config: { access: access.signedIn({ apiKey: false, duringPasswordChange: true }) },
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          response: { 200: UserSchema, ...authErrors },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return users.get(actor, actor.userSid ?? '');
      },
    );

    app.put(
      '/users/:id/password',
      {
        config: { access: access.signedIn({ apiKey: false, duringPasswordChange: true }) },
        schema: {
          tags: ['auth'],
          summary: 'Change your own password (answers 204)',
          params: z.object({ id: z.string() }),
          body: ChangePasswordInputSchema,
          response: { 204: z.null(), ...commonErrors },
        },
      },
      async (request, reply) => {
        await users.changePassword(actorOf(request), request.params.id, request.body);
        return reply.status(204).send(null);
      },
    );
  };
}
