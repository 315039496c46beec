import {
  ChangePasswordInputSchema,
  LoginInputSchema,
  LoginResponseSchema,
  UserSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routes } from '../../lib/routes.ts';
import { authErrors, ErrorBodySchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(auth: AuthService, users: UsersService): FastifyPluginAsyncZod {
  return routes({ tags: ['auth'], errors: authErrors }, (route) => {
    route.post('/login', {
      access: access.public,
      // Product decisions: sign-in attempts are limited per username and address, counted (once the body is
      // valid) in the database that every server process shares (login-attempts.ts); over it, 429 with
      // Retry-After.
      summary: 'Sign in with username and password',
      body: LoginInputSchema,
      // Besides the file's 401, a 403 when the user's account is inactive.
      response: { 200: LoginResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      handler: async (request) => auth.login(request.body, request.ip),
    });

    route.get('/me', {
      access: access.signedIn({ apiKey: false, duringPasswordChange: true }),
      summary: 'The signed-in user',
      response: { 200: UserSchema },
      handler: async (request) => {
        const actor = actorOf(request);
        return users.get(actor, actor.userSid ?? '');
      },
    });

    route.put('/users/:id/password', {
      access: access.signedIn({ apiKey: false, duringPasswordChange: true }),
      summary: 'Change your own password (answers 204)',
      params: z.object({ id: z.string() }),
      body: ChangePasswordInputSchema,
      response: { 204: z.null(), 400: ErrorBodySchema, 404: ErrorBodySchema },
      handler: async (request, reply) => {
        await users.changePassword(actorOf(request), request.params.id, request.body);
        return reply.status(204).send(null);
      },
    });
  });
}
