/**
 * Real server and worker processes for the crash tests: `node --import tsx` on src/main.ts or src/worker.ts
 * (one process each, no wrapper in between, so a SIGKILL reaches the server itself), their output kept for
 * the failure message, and every child killed when the test file ends, even when it fails.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { SHEET_TEMP_ROOT } from '../src/lib/excel/sheet-temp.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
const ENTRIES = {
  server: path.join(SERVER_ROOT, 'src/main.ts'),
  worker: path.join(SERVER_ROOT, 'src/worker.ts'),
} as const;

/** Output kept per child: enough to see how it started and how it ended. */
const KEPT_CHARS = 200_000;

/** Every child not yet exited: killed by killChildren() (afterAll) and, failing that, when this process exits. */
const live = new Set<ChildProcess>();
/** Every child's process id, for the upload temp folders a killed one leaves (lib/excel/sheet-temp.ts). */
const started: number[] = [];
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** The secrets every child gets, so none writes a secrets.json of its own. */
export const CHILD_SECRETS = {
  JWT_SECRET: 'crash-test-jwt-secret-long-enough-0123456789',
  APP_SECRET: 'crash-test-app-secret-long-enough-0123456789',
};

export interface ChildLogLine {
  msg?: string;
  level?: number;
  [key: string]: unknown;
}

export class Child {
  private output = '';
  private lines: ChildLogLine[] = [];
  private readonly watchers = new Set<() => void>();
  readonly exited: Promise<number | null>;

  private constructor(
    readonly name: string,
    private readonly process: ChildProcess,
  ) {
    live.add(process);
    if (process.pid !== undefined) started.push(process.pid);
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      this.output = (this.output + text).slice(-KEPT_CHARS);
      for (const line of text.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          this.lines.push(JSON.parse(line) as ChildLogLine);
        } catch {
          // A line split across two chunks: kept in the output, not parsed.
        }
      }
      for (const watcher of this.watchers) watcher();
    };
    process.stdout?.on('data', take);
    process.stderr?.on('data', take);
    this.exited = new Promise((resolve) => {
      process.once('exit', (code) => {
        live.delete(process);
        for (const watcher of this.watchers) watcher();
        resolve(code);
      });
    });
  }

  /** Starts `node --import tsx` on the server's main.ts or worker.ts from the repository's root. */
  static start(name: string, entry: keyof typeof ENTRIES, env: Record<string, string>): Child {
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRIES[entry]], {
      cwd: REPO_ROOT,
      // Only what the child needs: nothing of the test run's own settings (DATABASE_URL above all).
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...CHILD_SECRETS, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new Child(name, child);
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  /** The child's output so far (its last 200,000 characters), for a failure message. */
  get log(): string {
    return this.output;
  }

  /** Waits for a JSON log line whose msg matches; fails if the child exits or `timeoutMs` passes first. */
  waitForLog(pattern: RegExp, timeoutMs = 60_000): Promise<ChildLogLine> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const line = this.lines.find((entry) => typeof entry.msg === 'string' && pattern.test(entry.msg));
        if (line) return done(() => resolve(line));
        if (!this.running) done(() => reject(this.failure(`exited before logging ${pattern}`)));
      };
      const timer = setTimeout(
        () => done(() => reject(this.failure(`logged no ${pattern} within ${timeoutMs} ms`))),
        timeoutMs,
      );
      const done = (settle: () => void) => {
        clearTimeout(timer);
        this.watchers.delete(check);
        settle();
      };
      this.watchers.add(check);
      check();
    });
  }

  /** Sends `signal` and waits for the process to be gone. */
  async stop(signal: NodeJS.Signals = 'SIGKILL', timeoutMs = 30_000): Promise<void> {
    if (!this.running) return;
    this.process.kill(signal);
    const timer = setTimeout(() => this.process.kill('SIGKILL'), timeoutMs);
    await this.exited;
    clearTimeout(timer);
  }

  failure(what: string): Error {
    return new Error(`${this.name} (pid ${this.pid}) ${what}. Its output:\n${this.output.slice(-20_000)}`);
  }
}

/**
 * Kills every child still running and waits for each to be gone, then removes the upload temp folders that
 * the killed ones could not (a server removes a dead process's only at its own start): call it in afterAll.
 */
export async function killChildren(): Promise<void> {
  const waits = [...live].map(async (child) => {
    child.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  });
  await Promise.all(waits);
  removeUploadTempDirsOf(started);
}

/** Removes the upload temp folders of these (killed) processes, which only a later start would remove. */
export function removeUploadTempDirsOf(pids: readonly number[]): void {
  let names: string[] = [];
  try {
    names = readdirSync(SHEET_TEMP_ROOT);
  } catch {
    // No upload was ever read on this machine.
  }
  for (const name of names)
    if (pids.includes(Number(name.split('-')[0])))
      rmSync(path.join(SHEET_TEMP_ROOT, name), { recursive: true, force: true });
}

/** A port free at the time of asking (the system's pick for port 0). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('No port was assigned.');
  return address.port;
}

export interface HttpReply {
  status: number;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads replies of every shape.
  json(): any;
}

/** Requests to a child's API (/api/v1), with a bearer token when given; a FormData body goes as multipart. */
export class ChildApi {
  constructor(readonly baseUrl: string) {}

  async call(
    method: 'GET' | 'POST' | 'PUT',
    route: string,
    options: { token?: string; body?: unknown; timeoutMs?: number } = {},
  ): Promise<HttpReply> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: FormData | string | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${this.baseUrl}/api/v1${route}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    return { status: response.status, body: text, json: () => JSON.parse(text) };
  }

  /** The reply's JSON when the status is 2xx; otherwise throws with the reply. */
  async ok(
    method: 'GET' | 'POST' | 'PUT',
    route: string,
    options: { token?: string; body?: unknown } = {},
    // biome-ignore lint/suspicious/noExplicitAny: a test reads replies of every shape.
  ): Promise<any> {
    const reply = await this.call(method, route, options);
    if (reply.status >= 300) throw new Error(`${method} ${route}: ${reply.status} ${reply.body}`);
    return reply.json();
  }

  /** Waits until GET /health answers ok; fails at once if `child` exits. */
  async waitUntilHealthy(child: Child, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!child.running) throw child.failure('exited before its API answered');
      try {
        const reply = await this.call('GET', '/health', { timeoutMs: 2_000 });
        if (reply.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw child.failure(`did not answer GET /health within ${timeoutMs} ms`);
  }
}

/**
 * A server child on a free port over the PGlite in `dataDir`, healthy and signed in as the admin: how each
 * crash test starts. `env` is kept so the test can start the server again on the same data.
 */
export async function startSignedInServer(
  dataDir: string,
  adminPassword: string,
  extraEnv: Record<string, string> = {},
  /** How long the server may take to answer /health (a test on a busy machine passes what it has left). */
  healthyWithinMs?: number,
): Promise<{ env: Record<string, string>; api: ChildApi; server: Child; token: string }> {
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'info',
    JOB_POLL_SECONDS: '1',
    ...extraEnv,
  };
  const api = new ChildApi(`http://127.0.0.1:${port}`);
  const server = Child.start('server', 'server', env);
  await api.waitUntilHealthy(server, healthyWithinMs);
  const { token } = await api.ok('POST', '/login', { body: { username: 'admin', password: adminPassword } });
  return { env, api, server, token };
}
