import {
  CreateUserInputSchema,
  ListUsersQuerySchema,
  SidParamsSchema,
  UpdateUserInputSchema,
  UserSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors, DeletedSchema, ErrorBodySchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { UsersService } from './users.service.ts';

const denied = 'You do not have permissions to view users';
// People and their passwords are managed by people: API keys stay off these routes.
const managers = access.roles(['admin', 'account'], { apiKey: false, deniedMessage: denied });

export function usersRoutes(users: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users',
      {
        config: { access: managers },
        schema: {
          tags: ['users'],
          summary: "Users: admins see all (filter by role or account), account users their own account's",
          querystring: ListUsersQuerySchema,
          response: { 200: z.array(UserSchema), ...commonErrors },
        },
      },
      async (request) => users.list(actorOf(request), request.query),
    );

    app.get(
      '/users/:id',
      {
        config: { access: access.signedIn({ apiKey: false }) },
        schema: {
          tags: ['users'],
          summary: 'One user (account users: of their own account)',
          params: SidParamsSchema,
          response: { 200: UserSchema, ...commonErrors },
        },
      },
      async (request) => users.get(actorOf(request), request.params.id),
    );

    app.post(
      '/users',
      {
        config: { access: managers },
        schema: {
          tags: ['users'],
          summary: 'Create a user with a one-time initial password (they choose their own at first sign-in)',
          body: CreateUserInputSchema,
          response: { 201: UserSchema, ...commonErrors, 409: ErrorBodySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await users.create(actorOf(request), request.body)),
    );

    app.put(
      '/users/:id',
      {
        config: { access: managers },
        schema: {
          tags: ['users'],
          summary:
            "Change a user's username, role, account or password (after a new password they choose their own again; one's own password changes only through PUT /users/{id}/password)",
          params: SidParamsSchema,
          body: UpdateUserInputSchema,
          response: { 200: UserSchema, ...commonErrors, 409: ErrorBodySchema },
        },
      },
      async (request) => users.update(actorOf(request), request.params.id, request.body),
    );

    app.delete(
      '/users/:id',
      {
        config: { access: managers },
        schema: {
          tags: ['users'],
          summary: 'Delete a user; their sessions end at once',
          params: SidParamsSchema,
          response: { 200: DeletedSchema, ...commonErrors, 409: ErrorBodySchema },
        },
      },
      async (request) => users.delete(actorOf(request), request.params.id),
    );
  };
}
