import { ErrorCode, TrackingEventSchema, TrackingQuerySchema, text } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { routes } from '../../lib/routes.ts';
import { ErrorBodySchema } from '../../lib/schemas.ts';
import { access } from '../../plugins/access.ts';
import type { OrdersService } from '../orders/orders.service.ts';

/** Lookups per client address and minute: enough for people, too few to walk the barcode space. */
export const TRACKING_MAX_PER_MINUTE = 60;

/** The public tracking page's one call: a parcel's events (description, location, time) and nothing else. */
export function trackingRoutes(orders: OrdersService): FastifyPluginAsyncZod {
  return routes({ tags: ['tracking'], errors: {} }, (route) => {
    route.get('/tracking', {
      access: access.public,
      rateLimit: {
        max: TRACKING_MAX_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request) => `tracking|${request.ip}`,
        errorResponseBuilder: (_request, context) =>
          new AppError(
            ErrorCode.RATE_LIMITED,
            429,
            text('tracking.tooMany', { seconds: Math.ceil(context.ttl / 1000) }),
          ),
      },
      summary: 'The tracking events of the parcel with this barcode, oldest first (public)',
      querystring: TrackingQuerySchema,
      response: {
        200: z.array(TrackingEventSchema),
        400: ErrorBodySchema,
        404: ErrorBodySchema,
        429: ErrorBodySchema,
      },
      handler: async (request) => orders.track(request.query.filter),
    });
  });
}
