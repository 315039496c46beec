import { PublicSettingsSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routes } from '../../lib/routes.ts';
import { access } from '../../plugins/access.ts';

/** What the sign-in page may know before anyone signs in. */
export function settingsRoutes(): FastifyPluginAsyncZod {
  return routes({ tags: ['settings'], errors: {} }, (route, app) => {
    route.get('/settings/public', {
      access: access.public,
      summary: 'What the sign-in page shows before anyone signs in (company name)',
      response: { 200: PublicSettingsSchema },
      handler: async () => ({ company_name: app.config.companyName }),
    });

    route.get('/health', {
      access: access.public,
      summary: 'Health check: answers ok when the server and its database are up',
      response: { 200: z.object({ status: z.literal('ok') }) },
      handler: async () => {
        await app.db.execute('select 1');
        return { status: 'ok' as const };
      },
    });
  });
}
