/**
 * The server as `npm start` runs it: compiled into dist/ by scripts/build.mjs and run by node with no tsx.
 * The build is checked for what node cannot load (@parcelops/shared's TypeScript, .ts imports), then the
 * compiled server is started on a fresh embedded database: its migrations are found from dist/, and an upload
 * is read in its worker thread, which must load the compiled dist/sheet-worker.js. Its stack traces name the
 * .ts lines (source maps).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, xlsx } from './workbooks.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(SERVER_ROOT, 'dist');
const ENTRIES = ['main', 'worker', 'sheet-worker'];
const ADMIN = { username: 'admin', password: 'Compiled#2026-check' };
/** A fresh PGlite and every migration take tens of seconds on a loaded machine. */
const START_TIMEOUT_MS = 150_000;

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];

beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_ROOT, encoding: 'utf8' });
  expect(build.status, `${build.stdout}${build.stderr}`).toBe(0);
}, 120_000);

afterAll(async () => {
  for (const child of children) {
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function startCompiled(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  const take = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return { child, output: () => output };
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('the server build (scripts/build.mjs)', () => {
  it('bundles each entry with its source map and leaves node nothing it cannot load', () => {
    for (const entry of ENTRIES) {
      expect(existsSync(path.join(DIST, `${entry}.js`)), entry).toBe(true);
      expect(existsSync(path.join(DIST, `${entry}.js.map`)), entry).toBe(true);
      const code = readFileSync(path.join(DIST, `${entry}.js`), 'utf8');
      const specifiers = [...code.matchAll(/(?:\bfrom|\bimport\s*\(?)\s*["']([^"']+)["']/g)].map(
        (match) => match[1] ?? '',
      );
      expect(specifiers.length, entry).toBeGreaterThan(0);
      const unloadable = specifiers.filter(
        (specifier) =>
          specifier.startsWith('@parcelops/shared') ||
          specifier.endsWith('.ts') ||
          specifier.startsWith('tsx') ||
          specifier.startsWith('.'),
      );
      expect(unloadable, entry).toEqual([]);
    }
  });

  it('prints stack traces at the lines of the .ts sources', async () => {
    // A data folder that cannot be made: the settings fail, and main.ts prints the stack.
    const { child, output } = startCompiled({ DATA_DIR: '/dev/null/parcelops' });
    const [code] = await once(child, 'exit');
    expect(code, output()).toBe(1);
    expect(output()).toMatch(/src\/main\.ts:\d+/);
  });

  it('starts on a fresh database and reads an upload in its compiled worker thread', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parcelops-compiled-'));
    tempDirs.push(dataDir);
    const port = await freePort();
    const { child, output } = startCompiled({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'compiled-test-jwt-secret-long-enough-0123456789',
      APP_SECRET: 'compiled-test-app-secret-long-enough-0123456789',
      LOG_LEVEL: 'warn',
    });
    const base = `http://127.0.0.1:${port}/api/v1`;
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`The server exited:\n${output()}`);
          return (await fetch(`${base}/health`).catch(() => undefined))?.status;
        },
        { timeout: START_TIMEOUT_MS, interval: 200 },
      )
      .toBe(200);

    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status, output()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const table = await xlsx([
      ['weight', 'vnd', 'usd'],
      [500, 180000, 7.5],
      [2000, 400000, 16],
    ]);
    const upload = await fetch(`${base}/pricese`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: multipart({ name: 'Compiled rates' }, { buffer: table }),
    });
    expect(upload.status, `${await upload.clone().text()}\n${output()}`).toBe(201);

    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code, output()).toBe(0);
  }, 240_000);
});
