/**
 * `npm run worker`: job workers alone, next to API processes started with WORKERS=0, on PostgreSQL. The
 * embedded database belongs to the one process that opened it, whose workers run inside `npm start`.
 * SIGTERM stops taking jobs and lets running ones finish within JOBS_STOP_MS, then hands them back
 * (process-lifecycle.ts).
 */
import pino from 'pino';
import { startWorkers } from './job-handlers.ts';
import { safeLoggerOptions } from './lib/log-safety.ts';
import { buildOpsServer } from './ops/ops-server.ts';
import { bootProcess, runProcess, shutDownOnSignals, WIND_DOWN_MS } from './process-lifecycle.ts';
import { buildServices } from './services.ts';

runProcess(async () => {
  const booted = await bootProcess({
    workers: () => true,
    refuse: (config) =>
      config.databaseUrl
        ? null
        : 'npm run worker needs PostgreSQL (set DATABASE_URL): the embedded database belongs to `npm start`, whose workers run in its own process.',
  });
  const { config, database, jobs } = booted;
  const log = pino({ level: config.logLevel, ...safeLoggerOptions() });
  booted.useLog(log);
  const services = buildServices(config, database.db, { jobs });
  await startWorkers(jobs, services);
  log.info({ pid: process.pid }, 'ParcelOps worker is taking jobs');
  // METRICS_PORT: /healthz, /readyz and /metrics (the job figures) of this worker (ops/ops-server.ts).
  const ops = config.metricsPort
    ? await buildOpsServer({ config, db: database.db, metrics: services.metrics, workers: jobs })
    : null;
  if (ops && config.metricsPort) {
    await ops.listen({ port: config.metricsPort, host: config.host });
    log.info(`Worker health and metrics on port ${config.metricsPort}`);
  }
  shutDownOnSignals(booted, {
    also: [ops],
    windDown: () => services.webhooks.stopDeliveries(WIND_DOWN_MS),
  });
});
