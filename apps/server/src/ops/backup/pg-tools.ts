/**
 * Runs PostgreSQL's own client tools (pg_dump, pg_restore): found on PATH, or in PG_BIN_DIR when that is set.
 * The connection goes in the environment (libpq's PG* variables), so the password never shows in `ps`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BackupError } from './backup-error.ts';

export type PgTool = 'pg_dump' | 'pg_restore';

export interface PgToolOptions {
  /** Where pg_dump and pg_restore are (PG_BIN_DIR); PATH when not given. */
  binDir?: string;
}

export const INSTALL_HINT =
  'install the PostgreSQL client tools, the same major version as the server or newer (Debian/Ubuntu: apt install postgresql-client)';

/** The database URL without its password, and the password for PGPASSWORD (libpq uses it when the URL has none). */
export function connectionEnv(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs `tool` to completion; a BackupError with its last error lines when it fails or is not installed. */
export async function runPgTool(
  tool: PgTool,
  args: string[],
  databaseUrl: string,
  options: PgToolOptions = {},
): Promise<void> {
  const command = options.binDir ? path.join(options.binDir, tool) : tool;
  const { dbname, env } = connectionEnv(databaseUrl);
  const child = spawn(command, [`--dbname=${dbname}`, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    // The last few KB are what says why it failed.
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'EACCES')
      throw new BackupError(
        options.binDir
          ? `${tool} was not found in PG_BIN_DIR (${options.binDir}): point PG_BIN_DIR at the folder that holds it, or ${INSTALL_HINT}.`
          : `${tool} was not found on PATH: ${INSTALL_HINT}, or set PG_BIN_DIR to the folder that holds it.`,
      );
    throw new BackupError(`${tool} could not be started: ${error.code ?? error.message}.`);
  });
  if (code === 0) return;
  const lines = stderr.trim().split('\n').filter(Boolean);
  const why = lines.slice(-3).join(' | ') || `exit code ${code}`;
  const hint = /version mismatch|unsupported version/i.test(stderr) ? ` (${INSTALL_HINT})` : '';
  throw new BackupError(`${tool} failed: ${why}${hint}`);
}
