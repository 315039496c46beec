/**
 * The server's side of the control socket (control-socket.ts): on the embedded database, main.ts claims
 * DATA_DIR before opening it, so a second server or a restore on the same DATA_DIR is refused, and once the
 * app is up the claim answers `npm run backup` with snapshots.
 */
import type { AppConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { BackupError } from './backup-error.ts';
import { claimDataDir, type SnapshotLog } from './control-socket.ts';
import { embeddedClientOf } from './pglite-snapshot.ts';

export interface ServerClaim {
  serveSnapshots(database: DatabaseHandle, log: SnapshotLog): void;
  release(): Promise<void>;
}

/** Null on PostgreSQL (pg_dump needs nothing from the server); exits with one line when DATA_DIR is taken. */
export async function claimEmbeddedDataDir(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
): Promise<ServerClaim | null> {
  if (config.databaseUrl) return null;
  try {
    const claim = await claimDataDir(config.dataDir, 'server');
    return {
      serveSnapshots: (database, log) => claim.serveSnapshots(embeddedClientOf(database), log),
      release: () => claim.release(),
    };
  } catch (error) {
    // Another process holds DATA_DIR, or its path cannot carry a socket.
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
