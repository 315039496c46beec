/**
 * Starts ParcelOps: settings, database and migrations, the job queue, stale upload temp folders removed, first
 * admin, the HTTP server on PORT, and the job workers in the same process unless WORKERS=0.
 */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { JOBS_STOP_MS, startWorkers } from './jobs/workers.ts';
import { removeStaleTempDirs, SHEET_TEMP_ROOT } from './lib/excel/sheet-temp.ts';
import { bootstrapAdmin } from './modules/users/bootstrap-admin.ts';
import { claimEmbeddedDataDir } from './ops/backup/server-claim.ts';

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

  // The embedded database is this process's alone: claimed before it opens; the claim serves `npm run backup`.
  const dataDirClaim = await claimEmbeddedDataDir(config);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  let log: { error(object: unknown, message: string): void; info(object: unknown, message: string): void } =
    console;
  const jobs = await JobQueue.open(database, {
    workers: config.workers,
    pollingIntervalSeconds: config.jobPollSeconds,
    leaseSeconds: config.jobLeaseSeconds,
    onError: (error) => log.error({ err: error }, 'Job queue error'),
    log: (fields, message) => log.info(fields, message),
  });
  // On PostgreSQL, what other server processes commit to users and accounts reaches this one's sessions at once.
  const app = await buildApp({
    config,
    db: database.db,
    jobs,
    workers: jobs,
    notifications: database.notifications,
  });
  log = app.log;
  dataDirClaim?.serveSnapshots(database, app.log);
  // A process that ended abruptly may have left its upload workers' temp folders (lib/excel/sheet-temp.ts).
  const stale = removeStaleTempDirs();
  if (stale > 0) app.log.info(`Removed ${stale} stale upload temp folder(s) in ${SHEET_TEMP_ROOT}`);
  await bootstrapAdmin(database.db, config, app.log);
  if (!config.webDistDir)
    app.log.warn('The web app is not built (apps/web/dist): serving the API only. Run `npm run build`.');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // No new requests or jobs; running jobs get JOBS_STOP_MS to finish, then are handed back.
      await Promise.all([app.close(), jobs.stop(JOBS_STOP_MS)]);
      await database.close();
      await dataDirClaim?.release();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.workers) await startWorkers(jobs, app.services);
  else app.log.info('WORKERS=0: this process runs no jobs (run `npm run worker` next to it, on PostgreSQL)');
  app.log.info(
    `ParcelOps is serving on http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
