/**
 * `npm run worker`: job workers alone, next to API processes started with WORKERS=0, on PostgreSQL. The
 * embedded database belongs to the one process that opened it, whose workers run inside `npm start`.
 * SIGTERM stops taking jobs and lets running ones finish within JOBS_STOP_MS, then hands them back.
 */
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { JOBS_STOP_MS, startWorkers } from './jobs/workers.ts';
import { removeStaleTempDirs, SHEET_TEMP_ROOT } from './lib/excel/sheet-temp.ts';
import { safeLoggerOptions } from './lib/log-safety.ts';
import { buildOpsServer } from './ops/ops-server.ts';
import { buildServices } from './services.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs PostgreSQL (set DATABASE_URL): the embedded database belongs to `npm start`, whose workers run in its own process.',
    );
    process.exit(1);
  }
  const log = pino({ level: config.logLevel, ...safeLoggerOptions() });
  // A worker that ended abruptly may have left its upload parsers' temp folders (lib/excel/sheet-temp.ts).
  const stale = removeStaleTempDirs();
  if (stale > 0) log.info(`Removed ${stale} stale upload temp folder(s) in ${SHEET_TEMP_ROOT}`);
  const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
  const jobs = await JobQueue.open(database, {
    workers: true,
    pollingIntervalSeconds: config.jobPollSeconds,
    leaseSeconds: config.jobLeaseSeconds,
    onError: (error) => log.error({ err: error }, 'Job queue error'),
    log: (fields, message) => log.info(fields, message),
  });
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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping');
    try {
      await Promise.all([jobs.stop(JOBS_STOP_MS), ops?.close()]);
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'worker stop failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
