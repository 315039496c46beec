/**
 * The compiled server (`node dist/main.js`, what `npm start` runs) as a child process, for the benches that
 * measure it from outside: a free port, waiting for its health check, and its memory from /proc (Linux only).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const SERVER_ROOT = path.resolve(import.meta.dirname, '../apps/server');
const START_TIMEOUT_MS = 120_000;

/** Builds dist/ (apps/server/scripts/build.mjs), as `npm start` does first. */
export function buildServer(): void {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`The server build failed:\n${build.stdout}${build.stderr}`);
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('No port');
  return address.port;
}

export async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = performance.now() + START_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited before it answered. Its output:\n${output()}`);
    }
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No 200 from ${url} within ${START_TIMEOUT_MS} ms. Output:\n${output()}`);
}

/** A field of /proc/<pid>/status in kB (VmRSS: resident now; VmHWM: the peak since start or the last reset). */
export function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // Gone meanwhile.
  }
}

/** Starts VmHWM again from the resident memory now (Linux's clear_refs "5"), so a case's peak is its own. */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

export interface ServerProcess {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

/** The node flags and script of apps/server's `npm start` (`node <flags> dist/main.js`), read from its package. */
function startCommand(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...args] = manifest.scripts.start.split(/\s+/);
  if (node !== 'node') throw new Error(`Unexpected start script: ${manifest.scripts.start}`);
  return args;
}

/**
 * The server as `npm start` runs it (its flags read from apps/server's package) with `env` (and PATH, HOME),
 * answering once its health check does. Other node flags come in through `nodeOptions` (NODE_OPTIONS), the way a
 * deployment would add them.
 */
export async function startServer(env: Record<string, string>, nodeOptions = ''): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, startCommand(), {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-20_000);
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHealth(`${origin}/api/v1/health`, child, () => errors);
  return {
    origin,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
