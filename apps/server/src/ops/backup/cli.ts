/**
 * `npm run backup -- FILE [--force]` and `npm run restore -- FILE [--force]`: the database the server's
 * settings point at (DATABASE_URL: PostgreSQL, through pg_dump/pg_restore; else the embedded PGlite in
 * DATA_DIR). FILE is relative to where npm was run. Exit code 0 when done, 1 with a one-line reason when not.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.ts';
import { BackupError } from './backup-error.ts';
import { checkBackupTarget } from './backup-file.ts';
import { backupEmbedded, embeddedDatabaseDir, restoreEmbedded } from './pglite-backup.ts';
import { backupPostgres, restorePostgres } from './postgres-backup.ts';

const USAGE = 'Usage: npm run backup -- FILE [--force]   |   npm run restore -- FILE [--force]';

interface Command {
  action: 'backup' | 'restore';
  file: string;
  force: boolean;
}

function parseArgs(argv: string[]): Command {
  const [action, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((arg) => arg !== '--force');
  const unknown = files.find((arg) => arg.startsWith('--'));
  if ((action !== 'backup' && action !== 'restore') || files.length !== 1 || unknown)
    throw new BackupError(unknown ? `Unknown option ${unknown}. ${USAGE}` : USAGE);
  // npm runs the script from the checkout's root; INIT_CWD is where the command was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0] as string);
  return { action, file, force };
}

function settings() {
  // Only where the database is matters here; placeholder secrets keep loadConfig from generating and saving
  // new ones into DATA_DIR (a restore into a fresh DATA_DIR would otherwise get secrets the backup's data
  // was not encrypted with, before the operator copies the real ones back).
  const placeholder = 'x'.repeat(32);
  const config = loadConfig({ ...process.env, JWT_SECRET: placeholder, APP_SECRET: placeholder });
  return {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    binDir: process.env.PG_BIN_DIR || undefined,
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function run(command: Command): Promise<string> {
  const { dataDir, databaseUrl, binDir } = settings();
  if (command.action === 'backup') {
    checkBackupTarget(command.file, command.force);
    if (databaseUrl) {
      await backupPostgres(databaseUrl, command.file, { binDir });
      return `PostgreSQL backup written to ${command.file}`;
    }
    const result = await backupEmbedded(dataDir, command.file);
    const source = result.fromServer ? 'taken by the running server' : 'no server was running';
    return `Embedded database backup written to ${command.file} (${megabytes(result.bytes)}, ${source})`;
  }
  if (databaseUrl) {
    await restorePostgres(databaseUrl, command.file, { binDir, force: command.force });
    return `Restored ${command.file} into the PostgreSQL database; start the server to apply newer migrations.`;
  }
  const result = await restoreEmbedded(dataDir, command.file, { force: command.force });
  const aside = result.movedAside ? ` The database that was there is kept in ${result.movedAside}.` : '';
  return `Restored ${command.file} into ${embeddedDatabaseDir(dataDir)}.${aside} Start the server to apply newer migrations.`;
}

try {
  console.log(await run(parseArgs(process.argv.slice(2))));
  process.exit(0);
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
