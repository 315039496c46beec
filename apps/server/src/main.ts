/**
 * Starts ParcelOps: settings, database and migrations, stale upload temp folders removed, first admin, then the
 * HTTP server on PORT.
 */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { removeStaleTempDirs, SHEET_TEMP_ROOT } from './lib/excel/sheet-temp.ts';
import { bootstrapAdmin } from './modules/users/bootstrap-admin.ts';

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

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const app = await buildApp({ config, db: database.db });
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
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `ParcelOps is serving on http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
