/**
 * The composition root: every service, built once from the settings and the database. The HTTP app
 * (app.ts) hands them to its routes; a worker process, a script or a benchmark builds the same services
 * here without HTTP.
 */
import { type Adapters, buildAdapters } from './adapters.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { DatabaseNotifications } from './db/notifications.ts';
import type { JobSender } from './jobs/job-queue.ts';
import { NO_JOB_QUEUE } from './jobs/no-job-queue.ts';
import type { HookUrlCheckOptions } from './lib/hook-url.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { createSessionTokens } from './lib/session-tokens.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { CreditReportService } from './modules/accounts/credit-report.service.ts';
import { AmsService } from './modules/ams/ams.service.ts';
import { AmsFilesService } from './modules/ams/ams-files.service.ts';
import { AmsOrdersService } from './modules/ams/ams-orders.service.ts';
import { AmsStationService } from './modules/ams/ams-station.service.ts';
import { AmsSubmissionService } from './modules/ams/ams-submission.service.ts';
import { lockManifestSubmitState } from './modules/ams/manifest-submit-state.ts';
import { ApiKeysService } from './modules/api-keys/api-keys.service.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { DEFAULT_LOGIN_LIMITS, LoginAttempts } from './modules/auth/login-attempts.ts';
import { BatchOrdersService, DEFAULT_BATCH_QUOTAS } from './modules/batch-orders/batch-orders.service.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { HsCodesService } from './modules/hs-codes/hs-codes.service.ts';
import { OrderUploadsService } from './modules/hub/barcode-uploads.service.ts';
import { HubStationService } from './modules/hub/hub-station.service.ts';
import { OrdersScanService } from './modules/hub/scan.service.ts';
import { OrderImportService } from './modules/imports/imports.service.ts';
import { ItemDeclarationsService } from './modules/item-declarations/item-declarations.service.ts';
import { LabelsService } from './modules/labels/labels.service.ts';
import { OrdersService, orderNumbersOf } from './modules/orders/orders.service.ts';
import { OrdersBulkService } from './modules/orders/orders-bulk.service.ts';
import { PriceTablesService } from './modules/price-tables/price-tables.service.ts';
import { CreateRates, DEFAULT_CREATE_RATE } from './modules/rates/create-rates.ts';
import { OrderReportsService } from './modules/reports/reports.service.ts';
import { StationScansService } from './modules/station-scans/station-scans.service.ts';
import { SessionUsers } from './modules/users/session-users.ts';
import { detachStaffFromAccount, UsersService } from './modules/users/users.service.ts';
import { VendorsService } from './modules/vendors/vendors.service.ts';
import { HookEvents } from './modules/webhooks/hook-events.ts';
import { WebhooksService } from './modules/webhooks/webhooks.service.ts';
import { AppMetrics } from './ops/metrics.ts';

/** What the services need of the settings: the secrets, nothing about HTTP. */
export type ServiceSettings = Pick<AppConfig, 'jwtSecret' | 'appSecret'> &
  Partial<
    Pick<
      AppConfig,
      | 'hooksAllowPrivate'
      | 'loginMaxAttempts'
      | 'loginWindowMs'
      | 'amsManifestAscii'
      | 'createCallsPerWindow'
      | 'createWindowMs'
      | 'batchesInProgressMax'
      | 'batchFilesMaxMb'
      | 'batchFileKeepDays'
    >
  >;

/** The sign-in rate limit the settings give, the defaults where they give none. */
function loginLimitsOf(settings: ServiceSettings) {
  return {
    maxAttempts: settings.loginMaxAttempts ?? DEFAULT_LOGIN_LIMITS.maxAttempts,
    windowMs: settings.loginWindowMs ?? DEFAULT_LOGIN_LIMITS.windowMs,
  };
}

/** The creating calls' rate and the batch quotas the settings give, the defaults where they give none. */
function createRateOf(settings: ServiceSettings) {
  return {
    max: settings.createCallsPerWindow ?? DEFAULT_CREATE_RATE.max,
    windowMs: settings.createWindowMs ?? DEFAULT_CREATE_RATE.windowMs,
  };
}

function batchQuotasOf(settings: ServiceSettings) {
  return {
    inProgressMax: settings.batchesInProgressMax ?? DEFAULT_BATCH_QUOTAS.inProgressMax,
    filesMaxMb: settings.batchFilesMaxMb ?? DEFAULT_BATCH_QUOTAS.filesMaxMb,
    fileKeepDays: settings.batchFileKeepDays ?? DEFAULT_BATCH_QUOTAS.fileKeepDays,
  };
}

export interface ServiceOptions {
  /** How hook URLs are checked: the system's resolver unless given (tests have no network). */
  hookUrlCheck?: HookUrlCheckOptions;
  /** Where services enqueue background work, in their own transactions (jobs/job-queue.ts). */
  jobs?: JobSender;
  /** How long a webhook receiver gets to answer (15 s unless given; tests shorten it). */
  hookTimeoutMs?: number;
  /** The adapters at the edges (adapters.ts); those not given are the defaults. Tests give fakes here. */
  adapters?: Partial<Adapters>;
  /**
   * Where sign-in failures, webhook attempts and job runs are counted (ops/metrics.ts); a fresh instance,
   * reading this `db` at scrape time, unless given.
   */
  metrics?: AppMetrics;
  /**
   * PostgreSQL's notifications (the database handle's): with them, a change to users or accounts committed by
   * another server process ends the affected sessions here at once (users/session-users.ts).
   */
  notifications?: DatabaseNotifications;
  /** How long a session's user is remembered (users/session-users.ts; tests lengthen it). */
  sessionUserTtlMs?: number;
}

export function buildServices(settings: ServiceSettings, db: Database, options: ServiceOptions = {}) {
  const sessionUsers = new SessionUsers(options.sessionUserTtlMs);
  if (options.notifications) sessionUsers.follow(options.notifications);
  const sessionTokens = createSessionTokens(settings.jwtSecret);
  const secretBox = createSecretBox(settings.appSecret);
  const jobs = options.jobs ?? NO_JOB_QUEUE;
  const metrics = options.metrics ?? new AppMetrics().watch(db);
  const hookUrlCheck = { allowPrivate: settings.hooksAllowPrivate ?? false, ...options.hookUrlCheck };
  const adapters = buildAdapters(
    { amsManifestAscii: settings.amsManifestAscii, outboundCheck: hookUrlCheck },
    options.adapters,
  );
  // Every status change tells the webhooks, in its own transaction (orders/status-change.ts).
  const hookEvents = new HookEvents(jobs);
  // Orders learn whether a parcel's manifest is submitted (item edits) through the AMS room's function.
  const orders = new OrdersService(db, hookEvents, { manifestState: lockManifestSubmitState });
  const ordersBulk = new OrdersBulkService(db, orders);
  const amsOrders = new AmsOrdersService(db, orders, hookEvents);
  const ams = new AmsService(db, amsOrders);
  const labels = new LabelsService(db, ordersBulk);
  const ordersScan = new OrdersScanService(db, hookEvents);
  // A station's listed scans: hub receiving and manifest loading, each through its single call's code.
  const stationScans = new StationScansService(db);
  return {
    db,
    sessionTokens,
    secretBox,
    metrics,
    auth: new AuthService(
      db,
      sessionTokens,
      sessionUsers,
      metrics,
      new LoginAttempts(db, loginLimitsOf(settings)),
    ),
    users: new UsersService(db, sessionUsers),
    // Accounts sit below users and orders: what those do when an account goes, or what the credit report shows
    // of an order, is handed in here rather than imported by accounts.
    accounts: new AccountsService(db, sessionUsers, { beforeDelete: detachStaffFromAccount }, hookUrlCheck),
    creditReport: new CreditReportService(db, (orderSids) => orderNumbersOf(db, orderSids)),
    apiKeys: new ApiKeysService(db),
    vendors: new VendorsService(db, secretBox),
    priceTables: new PriceTablesService(db),
    hsCodes: new HsCodesService(db),
    itemDeclarations: new ItemDeclarationsService(db),
    orders,
    ordersBulk,
    orderReports: new OrderReportsService(db, orders),
    orderImport: new OrderImportService(db, hookEvents),
    ordersScan,
    stationScans,
    hubStation: new HubStationService(stationScans, ordersScan),
    orderUploads: new OrderUploadsService(db, hookEvents),
    labels,
    dashboard: new DashboardService(db),
    batchOrders: new BatchOrdersService(db, jobs, labels, hookEvents, batchQuotasOf(settings)),
    createRates: new CreateRates(db, createRateOf(settings)),
    hookEvents,
    amsOrders,
    amsStation: new AmsStationService(stationScans, amsOrders),
    ams,
    amsSubmission: new AmsSubmissionService(db, jobs, ams, hookEvents, adapters.filing),
    amsFiles: new AmsFilesService(db, amsOrders, hookEvents),
    webhooks: new WebhooksService(db, secretBox, jobs, {
      outbound: adapters.outbound,
      timeoutMs: options.hookTimeoutMs,
      metrics,
    }),
  };
}

export type Services = ReturnType<typeof buildServices>;
