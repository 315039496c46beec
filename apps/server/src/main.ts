/**
 * Starts ParcelOps: settings, database and migrations, the job queue, stale upload temp folders removed, first
 * admin, the HTTP server on PORT, and the job workers in the same process unless WORKERS=0
 * (process-lifecycle.ts holds the boot and shutdown it shares with worker.ts).
 */
import { buildApp } from './app.ts';
import { startWorkers } from './job-handlers.ts';
import { bootstrapAdmin } from './modules/users/bootstrap-admin.ts';
import { claimEmbeddedDataDir } from './ops/backup/server-claim.ts';
import { bootProcess, drainHttp, runProcess, shutDownOnSignals, WIND_DOWN_MS } from './process-lifecycle.ts';

runProcess(async () => {
  const booted = await bootProcess({
    workers: (config) => config.workers,
    // The embedded database is this process's alone: claimed before it opens; the claim serves `npm run backup`.
    beforeDatabase: claimEmbeddedDataDir,
  });
  const { config, database, jobs, claim } = booted;
  // On PostgreSQL, what other server processes commit to users and accounts reaches this one's sessions at once.
  const app = await buildApp({
    config,
    db: database.db,
    jobs,
    workers: jobs,
    notifications: database.notifications,
  });
  booted.useLog(app.log);
  claim?.serveSnapshots(database, app.log);
  await bootstrapAdmin(database.db, config, app.log);
  if (!config.webDistDir)
    app.log.warn('The web app is not built (apps/web/dist): serving the API only. Run `npm run build`.');
  // SIGTERM: /readyz 503 at once, no new connections, the requests in flight get SHUTDOWN_GRACE_MS to finish.
  const http = { close: () => drainHttp(app, config.shutdownGraceMs, app.log) };
  shutDownOnSignals(booted, {
    also: [http],
    windDown: () => app.services.webhooks.stopDeliveries(WIND_DOWN_MS),
    after: () => claim?.release() ?? Promise.resolve(),
  });

  await app.listen({ port: config.port, host: config.host });
  if (config.workers) await startWorkers(jobs, app.services);
  else app.log.info('WORKERS=0: this process runs no jobs (run `npm run worker` next to it, on PostgreSQL)');
  app.log.info(
    `ParcelOps is serving on http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
});
