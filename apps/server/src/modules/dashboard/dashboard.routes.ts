import { DashboardQuerySchema, DashboardSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '../../lib/routes.ts';
import { commonErrors } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { DashboardService } from './dashboard.service.ts';

export function dashboardRoutes(dashboard: DashboardService): FastifyPluginAsyncZod {
  return routes({ tags: ['dashboard'], errors: commonErrors }, (route) => {
    route.get('/dashboard', {
      access: access.signedIn(),
      summary: 'Orders per day and status over the last days, and spend per day for one account',
      description:
        'Days are UTC days, today included. Staff see every account unless they name one with ' +
        "account_sid; an account user (and an API key) sees their own account and its spend in the account's " +
        'credit unit.',
      querystring: DashboardQuerySchema,
      response: { 200: DashboardSchema },
      handler: async (request) => dashboard.get(actorOf(request), request.query),
    });
  });
}
