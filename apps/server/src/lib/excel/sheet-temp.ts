/**
 * The parsing workers' temp folders: one per worker under os.tmpdir()/parcelops-xlsx, named after the process,
 * given to the worker as its TMPDIR (the tmp package ExcelJS's streaming reader uses writes there). The reader
 * is handed sheets it reads without temp files (streamable-sheet.ts); should one be written all the same, the
 * worker empties its folder after each job, the pool removes the folder when the worker ends, and start-up
 * removes the folders of processes that are gone. Only these folders are ever touched: other programs' files
 * in the system's temp folder are theirs.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const SHEET_TEMP_ROOT = path.join(os.tmpdir(), 'parcelops-xlsx');

/** A new folder for one worker of this process, or undefined when none can be made (the system's is used). */
export function newWorkerTempDir(): string | undefined {
  try {
    mkdirSync(SHEET_TEMP_ROOT, { recursive: true, mode: 0o700 });
    return mkdtempSync(path.join(SHEET_TEMP_ROOT, `${process.pid}-`));
  } catch {
    return undefined;
  }
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Removes what is inside `dir` (a worker's folder, after each job), keeping the folder; never throws. */
export function emptyTempDir(dir: string): void {
  try {
    for (const name of readdirSync(dir)) rmSync(path.join(dir, name), { recursive: true, force: true });
  } catch {
    // Gone already, or not ours to clear: the pool removes the folder when the worker ends.
  }
}

/**
 * At start-up: removes the folders of processes that no longer run, and this process's own (a process id is
 * reused after a restart in a container). A running server's folders are left alone.
 */
export function removeStaleTempDirs(): number {
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(SHEET_TEMP_ROOT);
  } catch {
    return 0;
  }
  for (const name of names) {
    const pid = Number(name.split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) continue;
    removeTempDir(path.join(SHEET_TEMP_ROOT, name));
    removed++;
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
