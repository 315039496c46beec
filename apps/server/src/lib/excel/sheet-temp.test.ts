/**
 * Start-up's cleanup of the parsing workers' temp folders (sheet-temp.ts): the folders of processes that are
 * gone go, and this process's own (a reused process id); a running process's stay, and nothing outside
 * os.tmpdir()/parcelops-xlsx is touched.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeStaleTempDirs, SHEET_TEMP_ROOT } from './sheet-temp.ts';

/** No process has this id (Linux's largest is 4,194,304). */
const GONE = 999_999_999;

describe('removeStaleTempDirs', () => {
  const made: string[] = [];
  const folder = (owner: number) => {
    mkdirSync(SHEET_TEMP_ROOT, { recursive: true });
    const dir = mkdtempSync(path.join(SHEET_TEMP_ROOT, `${owner}-`));
    writeFileSync(path.join(dir, 'tmp-123-abc'), 'Jane Doe, +1 206 555 0100');
    made.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it("removes gone processes' folders and its own, and keeps a running process's and others' files", async () => {
    const gone = folder(GONE);
    const own = folder(process.pid);
    // The test runner that started this process runs as long as the test does.
    const running = folder(process.ppid);
    const outside = mkdtempSync(path.join(os.tmpdir(), 'tmp-'));
    made.push(outside);
    expect(removeStaleTempDirs()).toBeGreaterThanOrEqual(2);
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(own)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(outside)).toBe(true);
  });
});
