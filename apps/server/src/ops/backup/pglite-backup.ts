/**
 * Backup and restore of the embedded database (PGlite, DATA_DIR/pglite). A backup asks the running server for
 * a snapshot through its control socket, or, when no server runs, claims the data dir and takes it itself. A
 * restore claims the data dir (so no server may run), loads the snapshot into a staging folder beside it, and
 * only once that worked puts it in place: a bad file or a crash mid-way never leaves half a database.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newPGlite } from '../../db/database.ts';
import { BackupError } from './backup-error.ts';
import { backupKindOf, writeAtomically } from './backup-file.ts';
import { busyMessage, claimDataDir, type DataDirClaim, holderOf, requestSnapshot } from './control-socket.ts';
import { takeSnapshot, tarballOf } from './pglite-snapshot.ts';

/** Where openDatabase keeps the embedded database of a DATA_DIR. */
export function embeddedDatabaseDir(dataDir: string): string {
  return path.resolve(dataDir, 'pglite');
}

export interface BackupResult {
  bytes: number;
  /** Whether the running server took the snapshot (else this process opened the data dir itself). */
  fromServer: boolean;
}

export async function backupEmbedded(dataDir: string, file: string): Promise<BackupResult> {
  const fromServer = await requestSnapshot(dataDir);
  const snapshot = fromServer ?? (await snapshotOffline(dataDir));
  await writeAtomically(file, async (temp) => writeFileSync(temp, snapshot));
  return { bytes: snapshot.length, fromServer: fromServer !== null };
}

async function snapshotOffline(dataDir: string): Promise<Buffer> {
  const databaseDir = embeddedDatabaseDir(dataDir);
  // PGlite would create an empty database where there is none: that is not a backup of anything.
  if (!existsSync(path.join(databaseDir, 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${databaseDir} to back up.`);
  return withClaim(dataDir, 'backup', async () => {
    const client = newPGlite({ dataDir: databaseDir });
    try {
      return await takeSnapshot(client);
    } finally {
      await client.close();
    }
  });
}

export interface RestoreResult {
  /** Where the database that was there before went (with --force), or null when there was none. */
  movedAside: string | null;
}

export async function restoreEmbedded(
  dataDir: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const kind = backupKindOf(file);
  if (kind === 'postgres')
    throw new BackupError(
      `${file} is a PostgreSQL backup (pg_dump); set DATABASE_URL to the database to restore it into.`,
    );
  if (kind !== 'pglite') throw new BackupError(`${file} is not a ParcelOps backup.`);
  const running = await holderOf(dataDir);
  if (running) throw new BackupError(`${busyMessage(dataDir, running)}; stop it before restoring.`);
  const databaseDir = embeddedDatabaseDir(dataDir);
  if (!isEmptyDir(databaseDir) && !options.force)
    throw new BackupError(
      `${databaseDir} already holds a database; restore into an empty DATA_DIR, or add --force to move it aside first.`,
    );

  return withClaim(dataDir, 'restore', async () => {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const staging = `${databaseDir}.restoring-${stamp}`;
    try {
      await loadSnapshot(readFileSync(file), staging);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    let movedAside: string | null = null;
    if (!isEmptyDir(databaseDir)) {
      movedAside = `${databaseDir}.before-restore-${stamp}`;
      renameSync(databaseDir, movedAside);
    } else {
      rmSync(databaseDir, { recursive: true, force: true });
    }
    renameSync(staging, databaseDir);
    return { movedAside };
  });
}

/** Writes the snapshot's files into `targetDir` through PGlite, which also checks they make a database. */
async function loadSnapshot(snapshot: Buffer, targetDir: string): Promise<void> {
  let tarball: Blob;
  try {
    tarball = await tarballOf(snapshot);
  } catch {
    throw new BackupError('The backup file is damaged (not a complete gzip file).');
  }
  let client: ReturnType<typeof newPGlite> | undefined;
  try {
    client = newPGlite({ dataDir: targetDir, loadDataDir: tarball });
    await client.waitReady;
    await client.query('select 1');
  } catch (error) {
    throw new BackupError(`The backup file does not hold a usable database: ${(error as Error).message}`);
  } finally {
    // Closing writes a shutdown checkpoint: the restored folder opens without recovery.
    await client?.close().catch(() => undefined);
  }
  if (!existsSync(path.join(targetDir, 'PG_VERSION')))
    throw new BackupError('The backup file does not hold a database (no PG_VERSION in it).');
}

function isEmptyDir(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function withClaim<T>(
  dataDir: string,
  holder: 'backup' | 'restore',
  work: (claim: DataDirClaim) => Promise<T>,
): Promise<T> {
  const claim = await claimDataDir(dataDir, holder);
  try {
    return await work(claim);
  } finally {
    await claim.release();
  }
}
