import {
  HookDeliveryListSchema,
  HookDeliveryParamsSchema,
  HookDeliverySchema,
  HookStateSchema,
  SidParamsSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '../../lib/routes.ts';
import { commonErrors, ErrorBodySchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { WebhooksService } from './webhooks.service.ts';

/** The account's webhook: admins for any account, account users (signed in, not by API key) for their own. */
const hookOwners = access.roles(['admin', 'account'], { apiKey: false });
/** What every route on /accounts/{id}/hook… shares: who may call it and the account named by the path. */
const accountHook = { access: hookOwners, params: SidParamsSchema };

export function webhooksRoutes(webhooks: WebhooksService): FastifyPluginAsyncZod {
  return routes({ tags: ['webhooks'], errors: commonErrors }, (route) => {
    route.get('/accounts/:id/hook', {
      ...accountHook,
      summary: "The account's order status hook: URL, signing secret (whsec_…), rotation and health",
      response: { 200: HookStateSchema },
      handler: async (request) => webhooks.state(actorOf(request), request.params.id),
    });

    route.post('/accounts/:id/hook/rotate', {
      ...accountHook,
      summary: 'A new signing secret; the previous one still signs (a second signature) for 24 hours',
      // 409: the account has no hook URL.
      response: { 200: HookStateSchema, 409: ErrorBodySchema },
      handler: async (request) => webhooks.rotate(actorOf(request), request.params.id),
    });

    route.post('/accounts/:id/hook/enable', {
      ...accountHook,
      summary: 'Turn a disabled hook (410 Gone, or five days of failures) on again',
      response: { 200: HookStateSchema, 409: ErrorBodySchema },
      handler: async (request) => webhooks.enable(actorOf(request), request.params.id),
    });

    route.post('/accounts/:id/hook/test', {
      ...accountHook,
      summary: 'Queue a webhook.test event to the hook',
      response: { 202: HookDeliverySchema, 409: ErrorBodySchema },
      handler: async (request, reply) =>
        reply.status(202).send(await webhooks.sendTest(actorOf(request), request.params.id)),
    });

    route.get('/accounts/:id/hook/deliveries', {
      ...accountHook,
      summary: 'The last 100 events sent to the hook, newest first, with their attempts',
      response: { 200: HookDeliveryListSchema },
      handler: async (request) => webhooks.deliveries(actorOf(request), request.params.id),
    });

    route.post('/accounts/:id/hook/deliveries/:deliveryId/resend', {
      access: hookOwners,
      summary: 'Send an event again now, in a new round of attempts',
      params: HookDeliveryParamsSchema,
      response: { 202: HookDeliverySchema, 409: ErrorBodySchema },
      handler: async (request, reply) =>
        reply
          .status(202)
          .send(await webhooks.resend(actorOf(request), request.params.id, request.params.deliveryId)),
    });
  });
}
