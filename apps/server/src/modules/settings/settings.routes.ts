import { PublicSettingsSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';

/** What the sign-in page may know before anyone signs in. */
export function settingsRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings/public',
      {
        config: { access: access.public },
        schema: {
          tags: ['settings'],
          summary: 'What the sign-in page shows before anyone signs in (company name)',
          response: { 200: PublicSettingsSchema },
        },
      },
      async () => ({ company_name: app.config.companyName }),
    );

    app.get(
      '/health',
      {
        config: { access: access.public },
        schema: {
          tags: ['settings'],
          summary: 'Health check: answers ok when the server and its database are up',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => {
        await app.db.execute('select 1');
        return { status: 'ok' as const };
      },
    );
  };
}
