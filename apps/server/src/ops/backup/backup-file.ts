/**
 * The backup file on disk: what kind it is, and writing it so that FILE is either the whole backup or not
 * there at all (a temp file beside it, renamed over it once complete).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { BackupError } from './backup-error.ts';

/** pg_dump's custom format starts with these bytes; a PGlite snapshot is a gzip file. */
export type BackupKind = 'postgres' | 'pglite';

export function backupKindOf(file: string): BackupKind | null {
  let head: Buffer;
  try {
    const fd = openSync(file, 'r');
    try {
      head = Buffer.alloc(5);
      head = head.subarray(0, readSync(fd, head, 0, 5, 0));
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`No backup file at ${file}.`);
    throw new BackupError(`Cannot read ${file}: ${code ?? (error as Error).message}.`);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return null;
}

/** Refuses to overwrite an earlier backup unless asked: a mistyped date in a cron line should not eat one. */
export function checkBackupTarget(file: string, force: boolean): void {
  if (existsSync(file) && !force)
    throw new BackupError(`${file} already exists; choose another name or add --force to overwrite it.`);
  mkdirSync(path.dirname(file), { recursive: true });
}

/** A temp path beside `file` (same file system, so the rename is atomic). */
export function tempPathFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`);
}

/**
 * Lets `produce` fill a temp file, then makes it `file`, readable by its owner only: a backup holds password
 * hashes and customers' addresses. On failure the temp file is removed and `file` is left as it was.
 */
export async function writeAtomically(
  file: string,
  produce: (tempPath: string) => Promise<void>,
): Promise<void> {
  const temp = tempPathFor(file);
  try {
    await produce(temp);
    chmodSync(temp, 0o600);
    // Durable before it replaces anything: a crash right after the rename must not leave an empty backup.
    const handle = await open(temp, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
