/**
 * Builds the Fastify application: the error contract, authentication and access policies, the API under
 * /api/v1 and the web app. Tests drive the returned instance with `app.inject`; main.ts makes it listen.
 */

import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { text } from '@parcelops/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Adapters } from './adapters.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { DatabaseNotifications } from './db/notifications.ts';
import type { JobSender } from './jobs/job-queue.ts';
import { AppError } from './lib/app-error.ts';
import { UPLOAD_LIMITS } from './lib/excel/workbook-guard.ts';
import type { HookUrlCheckOptions } from './lib/hook-url.ts';
import { safeLoggerOptions } from './lib/log-safety.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { creditReportRoutes } from './modules/accounts/credit-report.routes.ts';
import { amsRoutes } from './modules/ams/ams.routes.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { batchOrdersRoutes } from './modules/batch-orders/batch-orders.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { hsCodesRoutes } from './modules/hs-codes/hs-codes.routes.ts';
import { orderUploadsRoutes } from './modules/hub/barcode-uploads.routes.ts';
import { ordersScanRoutes } from './modules/hub/scan.routes.ts';
import { orderImportRoutes } from './modules/imports/imports.routes.ts';
import { itemDeclarationsRoutes } from './modules/item-declarations/item-declarations.routes.ts';
import { labelsRoutes } from './modules/labels/labels.routes.ts';
import { orderLedgerRoutes } from './modules/orders/order-ledger.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { ordersBulkRoutes } from './modules/orders/orders-bulk.routes.ts';
import { priceTablesRoutes } from './modules/price-tables/price-tables.routes.ts';
import { orderReportsRoutes } from './modules/reports/reports.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { vendorsRoutes } from './modules/vendors/vendors.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { opsPlugin } from './ops/ops.routes.ts';
import type { WorkerState } from './ops/readiness.ts';
import { access } from './plugins/access.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { corsPlugin } from './plugins/cors.ts';
import { createRatesPlugin } from './plugins/create-rates.ts';
import { apiDocsPage, docsPlugin } from './plugins/docs.ts';
import { answerClientError, answerFrameworkError, errorsPlugin } from './plugins/errors.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { RequestLogController } from './plugins/request-log.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webPlugin } from './plugins/web.ts';
import { buildServices, type Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    /** Every service, from the composition root (services.ts). */
    services: Services;
  }
}

export const API_PREFIX = '/api/v1';

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** How hook URLs are checked: the system's resolver unless given (tests have no network). */
  hookUrlCheck?: HookUrlCheckOptions;
  /** The services to serve; built from config and db (services.ts) unless given. */
  services?: Services;
  /** The job queue the services enqueue on (jobs/job-queue.ts); main.ts and the tests give one. */
  jobs?: JobSender;
  /** How long a webhook receiver gets (15 s unless given; tests shorten it). */
  hookTimeoutMs?: number;
  /** PostgreSQL's notifications between server processes (the database handle's; none on PGlite). */
  notifications?: DatabaseNotifications;
  /** The adapters at the edges (adapters.ts): the defaults unless given (tests give fakes). */
  adapters?: Partial<Adapters>;
  /** This process's job queue, which /readyz asks whether its workers run (WORKERS=1); main.ts gives it. */
  workers?: WorkerState;
}

function loggerOptions(config: AppConfig, logger: BuildAppOptions['logger']) {
  if (logger === false) return false;
  return {
    level: config.logLevel,
    // No secrets, personal data or query parameters reach the log (lib/log-safety.ts).
    ...safeLoggerOptions(),
    ...(typeof logger === 'object' ? logger : {}),
  };
}

/**
 * Fastify refuses a bare hop count (it cannot tell the proxy from a client that forges hops), so a count
 * becomes a function that believes that many hops: right for a server reachable only through its proxies.
 */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp({
  config,
  db,
  logger,
  hookUrlCheck,
  jobs,
  hookTimeoutMs,
  notifications,
  workers,
  adapters,
  services = buildServices(config, db, { hookUrlCheck, jobs, hookTimeoutMs, notifications, adapters }),
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logger),
    // One line per request, with its route pattern and caller, instead of Fastify's two (plugins/request-log.ts).
    logController: new RequestLogController(config.slowRequestMs),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Failures the router meets before any route or error handler (a malformed %-escape, an overlong path
    // parameter, a request Node cannot parse) keep the `{ msg, code }` contract too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Only proxies the deployment names may speak for the client's address (rate limits key on it).
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('services', services);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // An empty JSON body (POST /keys) is no body at all; malformed JSON is a clear 400.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const json = String(body);
    if (json.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(json));
    } catch {
      done(AppError.badRequest(text('common.invalidJson')), undefined);
    }
  });

  await app.register(errorsPlugin);
  // First of the onRequest hooks: a preflight is answered before authentication, which it cannot pass.
  await app.register(corsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin);
  // Before any route: the plugin joins each route as it is added (and its onSend runs after the global ones).
  await app.register(compressionPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  // After authentication (it counts per API key or user): the creating calls' limit, shared through the database.
  await app.register(createRatesPlugin);
  // /healthz, /readyz and /metrics at the root, and the HTTP metrics of every request (ops/ops.routes.ts).
  await app.register(opsPlugin, { metrics: services.metrics, workers });
  await app.register(fastifyRateLimit, { global: false });
  // Uploads: one spreadsheet and a few text fields; a larger file is refused with 413 before it is buffered.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_LIMITS.fileBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
    throwFileSizeLimit: true,
  });

  await app.register(
    async (api) => {
      await api.register(authRoutes(services.auth, services.users));
      await api.register(usersRoutes(services.users));
      await api.register(accountsRoutes(services.accounts));
      await api.register(creditReportRoutes(services.creditReport));
      await api.register(apiKeysRoutes(services.apiKeys));
      await api.register(vendorsRoutes(services.vendors));
      await api.register(priceTablesRoutes(services.priceTables));
      await api.register(hsCodesRoutes(services.hsCodes));
      await api.register(itemDeclarationsRoutes(services.itemDeclarations));
      await api.register(labelsRoutes(services.labels));
      await api.register(ordersRoutes(services.orders));
      await api.register(ordersBulkRoutes(services.ordersBulk));
      await api.register(orderReportsRoutes(services.orderReports));
      await api.register(orderImportRoutes(services.orderImport));
      await api.register(ordersScanRoutes(services.ordersScan, services.hubStation));
      await api.register(orderUploadsRoutes(services.orderUploads));
      await api.register(orderLedgerRoutes(services.orders));
      await api.register(batchOrdersRoutes(services.batchOrders));
      await api.register(webhooksRoutes(services.webhooks));
      await api.register(
        amsRoutes(
          services.ams,
          services.amsOrders,
          services.amsSubmission,
          services.amsFiles,
          services.amsStation,
        ),
      );
      await api.register(trackingRoutes(services.orders));
      await api.register(dashboardRoutes(services.dashboard));
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
