/**
 * Builds the Fastify application: the error contract, authentication and access policies, the API under
 * /api/v1 and the web app. Tests drive the returned instance with `app.inject`; main.ts makes it listen.
 */
import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { AppError } from './lib/app-error.ts';
import { UPLOAD_LIMITS } from './lib/excel/workbook-guard.ts';
import { createSecretBox, type SecretBox } from './lib/secret-box.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { creditReportRoutes } from './modules/accounts/credit-report.routes.ts';
import { CreditReportService } from './modules/accounts/credit-report.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { ApiKeysService } from './modules/api-keys/api-keys.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { hsCodesRoutes } from './modules/hs-codes/hs-codes.routes.ts';
import { HsCodesService } from './modules/hs-codes/hs-codes.service.ts';
import { itemDeclarationsRoutes } from './modules/item-declarations/item-declarations.routes.ts';
import { ItemDeclarationsService } from './modules/item-declarations/item-declarations.service.ts';
import { labelsRoutes } from './modules/labels/labels.routes.ts';
import { LabelsService } from './modules/labels/labels.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { OrdersService } from './modules/orders/orders.service.ts';
import { priceTablesRoutes } from './modules/price-tables/price-tables.routes.ts';
import { PriceTablesService } from './modules/price-tables/price-tables.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { vendorsRoutes } from './modules/vendors/vendors.routes.ts';
import { VendorsService } from './modules/vendors/vendors.service.ts';
import { access } from './plugins/access.ts';
import { authPlugin } from './plugins/auth.ts';
import { apiDocsPage, docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { SessionUsers } from './plugins/session-users.ts';
import { webPlugin } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    secretBox: SecretBox;
    sessionUsers: SessionUsers;
  }
}

export const API_PREFIX = '/api/v1';

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
}

function loggerOptions(config: AppConfig, logger: BuildAppOptions['logger']) {
  if (logger === false) return false;
  return {
    level: config.logLevel,
    // Secrets never reach the log, whatever a serializer or a careless log line passes in.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.old_password',
        '*.new_password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    ...(typeof logger === 'object' ? logger : {}),
  };
}

export async function buildApp({ config, db, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logger),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('secretBox', createSecretBox(config.appSecret));
  app.decorate('sessionUsers', new SessionUsers());
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // An empty JSON body (POST /keys) is no body at all; malformed JSON is a clear 400.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(AppError.badRequest('The request body is not valid JSON.'), undefined);
    }
  });

  await app.register(errorsPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(fastifyRateLimit, { global: false });
  // Uploads: one spreadsheet and a few text fields; a larger file is refused with 413 before it is buffered.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_LIMITS.fileBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
    throwFileSizeLimit: true,
  });

  const users = new UsersService(db, app.sessionUsers);
  const orders = new OrdersService(db);
  await app.register(
    async (api) => {
      await api.register(authRoutes(new AuthService(app), users));
      await api.register(usersRoutes(users));
      await api.register(accountsRoutes(new AccountsService(db, app.sessionUsers)));
      await api.register(creditReportRoutes(new CreditReportService(db)));
      await api.register(apiKeysRoutes(new ApiKeysService(db)));
      await api.register(vendorsRoutes(new VendorsService(db, app.secretBox)));
      await api.register(priceTablesRoutes(new PriceTablesService(db)));
      await api.register(hsCodesRoutes(new HsCodesService(db)));
      await api.register(itemDeclarationsRoutes(new ItemDeclarationsService(db)));
      await api.register(labelsRoutes(new LabelsService(db)));
      await api.register(ordersRoutes(orders));
      await api.register(trackingRoutes(orders));
      await api.register(settingsRoutes());
      api.get(
        '/openapi.json',
        { config: { access: access.public }, schema: { hide: true, response: { 200: z.unknown() } } },
        async () => app.swagger(),
      );
    },
    { prefix: API_PREFIX },
  );

  // The readable API reference, outside /api/v1 (it documents it) but under /api, so it keeps an access policy.
  await app.register(apiDocsPage);
  await app.register(webPlugin);
  return app;
}
