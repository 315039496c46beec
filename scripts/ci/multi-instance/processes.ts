/**
 * The server and worker processes of the multi-instance check: each one `node` process with no wrapper in
 * between (so a SIGKILL reaches the server itself, not an npm or tsx shell around it), its output kept for the
 * failure message, and every one killed when the script ends, whatever way it ends.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, removeUploadTempDirsOf } from '../../../apps/server/test/child-server.ts';

export { freePort };

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const DIST = path.join(REPO_ROOT, 'apps/server/dist');
const SOURCE = path.join(REPO_ROOT, 'apps/server/src');

export type Entry = 'main' | 'worker';

/**
 * How a server or worker starts: the compiled JavaScript when it is built (`npm run build -w apps/server`),
 * as `npm start` runs it, else the TypeScript sources through tsx.
 */
export const LAUNCH =
  existsSync(path.join(DIST, 'main.js')) && existsSync(path.join(DIST, 'worker.js'))
    ? {
        what: 'compiled (apps/server/dist)',
        args: (entry: Entry) => ['--enable-source-maps', path.join(DIST, `${entry}.js`)],
      }
    : {
        what: 'sources through tsx (apps/server/src)',
        args: (entry: Entry) => ['--import', 'tsx', path.join(SOURCE, `${entry}.ts`)],
      };

/** The part of each child's output kept for a failure message. */
const KEPT_CHARS = 20_000;

/** Every child not yet exited, killed at the end (and, failing that, when this process exits). */
const live = new Set<ChildProcess>();
/** Every child's process id, for the upload temp folders a killed one leaves (lib/excel/sheet-temp.ts). */
const started: number[] = [];
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export class Child {
  private output = '';
  private process: ChildProcess;
  exited: Promise<number | null>;

  constructor(
    readonly name: string,
    private readonly entry: Entry,
    private readonly env: Record<string, string>,
  ) {
    ({ process: this.process, exited: this.exited } = this.spawn());
  }

  private spawn() {
    const child = spawn(process.execPath, LAUNCH.args(this.entry), {
      cwd: REPO_ROOT,
      // Only what the child needs: nothing of this script's own environment (a DATABASE_URL above all).
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    live.add(child);
    if (child.pid !== undefined) started.push(child.pid);
    const take = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-KEPT_CHARS);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => {
        live.delete(child);
        resolve(code);
      }),
    );
    return { process: child, exited };
  }

  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  /** Kills the process (SIGKILL unless told) and waits until it is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!this.running) return;
    this.process.kill(signal);
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 20_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** The same process started again: same entry, same environment (same port). */
  restart(): void {
    if (this.running) throw new Error(`${this.name} is still running`);
    this.output += `\n----- ${this.name} started again -----\n`;
    ({ process: this.process, exited: this.exited } = this.spawn());
  }

  /** Waits until GET `url` answers 200; fails at once if the process exits. */
  async waitUntilAnswering(url: string, timeoutMs = 90_000): Promise<void> {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
      if (!this.running) throw this.failure(`exited before ${url} answered`);
      try {
        const reply = await fetch(url, { signal: AbortSignal.timeout(2_000) });
        await reply.arrayBuffer();
        if (reply.status === 200) return;
      } catch {
        // Not listening yet.
      }
    }
    throw this.failure(`did not answer ${url} with 200 within ${timeoutMs} ms`);
  }

  failure(what: string): Error {
    return new Error(
      `${this.name} (pid ${this.pid}) ${what}. Its last output:\n${this.output.slice(-6_000)}`,
    );
  }

  /** The end of its output, for the report of a failed run. */
  tail(chars = 3_000): string {
    return this.output.slice(-chars);
  }
}

/**
 * Kills every child still running and waits for each to be gone, then removes the upload temp folders the
 * killed ones could not (a process removes a dead one's only when it starts).
 */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...live].map(async (child) => {
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    }),
  );
  removeUploadTempDirsOf(started);
}
