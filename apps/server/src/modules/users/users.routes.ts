import {
  CreateUserInputSchema,
  ListUsersQuerySchema,
  SidParamsSchema,
  text,
  UpdateUserInputSchema,
  UserSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routes } from '../../lib/routes.ts';
import { commonErrors, DeletedSchema, ErrorBodySchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { UsersService } from './users.service.ts';

const denied = text('access.noPermissionViewUsers');
// People and their passwords are managed by people: API keys stay off these routes.
const managers = access.roles(['admin', 'account'], { apiKey: false, deniedMessage: denied });

export function usersRoutes(users: UsersService): FastifyPluginAsyncZod {
  return routes({ tags: ['users'], errors: commonErrors }, (route) => {
    route.get('/users', {
      access: managers,
      summary: "Users: admins see all (filter by role or account), account users their own account's",
      querystring: ListUsersQuerySchema,
      response: { 200: z.array(UserSchema) },
      handler: async (request) => users.list(actorOf(request), request.query),
    });

    route.get('/users/:id', {
      access: access.signedIn({ apiKey: false }),
      summary: 'One user (account users: of their own account)',
      params: SidParamsSchema,
      response: { 200: UserSchema },
      handler: async (request) => users.get(actorOf(request), request.params.id),
    });

    route.post('/users', {
      access: managers,
      summary: 'Create a user with a one-time initial password (they choose their own at first sign-in)',
      body: CreateUserInputSchema,
      response: { 201: UserSchema, 409: ErrorBodySchema },
      handler: async (request, reply) =>
        reply.status(201).send(await users.create(actorOf(request), request.body)),
    });

    route.put('/users/:id', {
      access: managers,
      summary:
        "Change a user's username, role, account or password (after a new password they choose their own again; one's own password changes only through PUT /users/{id}/password)",
      params: SidParamsSchema,
      body: UpdateUserInputSchema,
      response: { 200: UserSchema, 409: ErrorBodySchema },
      handler: async (request) => users.update(actorOf(request), request.params.id, request.body),
    });

    route.delete('/users/:id', {
      access: managers,
      summary: 'Delete a user; their sessions end at once',
      params: SidParamsSchema,
      response: { 200: DeletedSchema, 409: ErrorBodySchema },
      handler: async (request) => users.delete(actorOf(request), request.params.id),
    });
  });
}
