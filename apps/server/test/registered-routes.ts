/**
 * Every route the app registers, as Fastify announces it, for the tests that go over all of them
 * (access-matrix/route-list.test.ts, fuzz-routes.test.ts). A test file wraps Fastify() so an onRoute hook is in place
 * before buildApp registers anything:
 *
 *   vi.mock('fastify', async (importOriginal) =>
 *     (await import('./registered-routes.ts')).recordingRoutes(await importOriginal()),
 *   );
 *
 * and then reads `registeredRoutes`. Only types come from 'fastify' here, so this module never loads the
 * module it wraps.
 */
import type * as Fastify from 'fastify';

type FastifyModule = typeof Fastify;

export const registeredRoutes: { method: string; url: string }[] = [];

/** The 'fastify' module with its default export adding the onRoute hook that fills `registeredRoutes`. */
export function recordingRoutes(original: FastifyModule): FastifyModule {
  const create = ((options?: Parameters<FastifyModule['default']>[0]) => {
    const app = original.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
    });
    return app;
  }) as FastifyModule['default'];
  return { ...original, default: create };
}
