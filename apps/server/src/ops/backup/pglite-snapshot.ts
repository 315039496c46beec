/**
 * A consistent copy of an open embedded database (PGlite), as a gzipped tarball of its data directory: what
 * `npm run backup` writes and `npm run restore` loads.
 *
 * PGlite's dumpDataDir copies the files under its query lock only: it can fall between two statements of an
 * open transaction. That copy would still be crash-consistent (data files plus WAL, as after a power cut;
 * PostgreSQL's recovery drops the unfinished transaction on load), but taking the transaction lock as well
 * makes it a copy between transactions, and the CHECKPOINT before it writes the changed pages out, so a
 * restore has almost no WAL to replay. Compression runs after the locks are released (zlib, off the main
 * thread), so the server's queries wait only for the file copy.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, driverClientOf } from '../../db/database.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export async function takeSnapshot(client: PGlite): Promise<Buffer> {
  await client.exec('checkpoint');
  const tarball = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
  return gzipAsync(new Uint8Array(await tarball.arrayBuffer()));
}

/** The tarball inside a snapshot, for PGlite's `loadDataDir`; a file that is not gzip fails here. */
export async function tarballOf(snapshot: Buffer): Promise<Blob> {
  return new Blob([new Uint8Array(await gunzipAsync(snapshot))], { type: 'application/x-tar' });
}

/** The PGlite under a handle of openDatabase's `pglite` kind (drizzle keeps it as `$client`). */
export function embeddedClientOf(handle: DatabaseHandle): PGlite {
  const client = driverClientOf(handle.db);
  if (handle.kind !== 'pglite' || !(client instanceof PGlite))
    throw new Error('Not an embedded (PGlite) database handle');
  return client;
}
