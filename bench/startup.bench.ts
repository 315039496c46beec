/**
 * Benchmark: how fast the server starts and how much memory it holds once started, compiled (`npm start`:
 * `node dist/main.js`, built by apps/server/scripts/build.mjs) against the TypeScript sources run by tsx
 * (`tsx src/main.ts`, what `npm start` ran before). Each start is a new process from apps/server (as npm runs
 * it) on the embedded database, timed from spawn to the first 200 of GET /api/v1/health:
 * - fresh: an empty DATA_DIR, so PGlite creates its files and every migration runs;
 * - migrated: the DATA_DIR a first start left, the usual restart.
 * Then, IDLE_MS after that 200 (the job workers have started), the resident memory (VmRSS in /proc) of the
 * server process, and of its whole process tree (tsx's command line runs the server in a child process of its
 * own). RUNS starts each (BENCH_STARTUP_RUNS), the variants taking turns; medians printed. Linux only (/proc).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, freePort, SERVER_ROOT, statusKb, waitForHealth } from './server-process.ts';

const rssKb = (pid: number) => statusKb(pid, 'VmRSS');

const TSX_CLI = path.resolve(import.meta.dirname, '../node_modules/tsx/dist/cli.mjs');
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const IDLE_MS = 3_000;

const VARIANTS = {
  'node dist/main.js': [process.execPath, '--enable-source-maps', 'dist/main.js'],
  'tsx src/main.ts': [process.execPath, TSX_CLI, 'src/main.ts'],
} as const;
type Variant = keyof typeof VARIANTS;
type Scenario = 'fresh' | 'migrated';

interface Start {
  ms: number;
  rssMb: number;
  treeRssMb: number;
}

/** The process and its descendants (any thread may have started a child). */
function tree(pid: number): number[] {
  const pids = [pid];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return pids;
  }
  for (const task of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.split(' ').filter(Boolean)) pids.push(...tree(Number(child)));
  }
  return pids;
}

/** The process of the tree that runs the server: the one holding the most memory. */
function serverRssKb(pids: number[]): number {
  return Math.max(...pids.map(rssKb));
}

async function startOnce(variant: Variant, dataDir: string): Promise<Start> {
  const port = await freePort();
  const [command, ...args] = VARIANTS[variant];
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'Bench#2026-startup',
      JWT_SECRET: 'bench-startup-jwt-secret-long-enough-0123456789',
      APP_SECRET: 'bench-startup-app-secret-long-enough-0123456789',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-20_000);
  });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/v1/health`, child, () => errors);
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const pids = child.pid === undefined ? [] : tree(child.pid);
    const treeKb = pids.reduce((sum, pid) => sum + rssKb(pid), 0);
    return { ms, rssMb: serverRssKb(pids) / 1024, treeRssMb: treeKb / 1024 };
  } finally {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export async function benchStartup() {
  buildServer();
  const root = mkdtempSync(path.join(os.tmpdir(), 'parcelops-startup-bench-'));
  const results = new Map<string, Start[]>();
  try {
    const migrated = Object.fromEntries(
      Object.keys(VARIANTS).map((variant, index) => [variant, path.join(root, `migrated-${index}`)]),
    ) as Record<Variant, string>;
    // The migrated folders' first start, not counted.
    for (const variant of Object.keys(VARIANTS) as Variant[]) await startOnce(variant, migrated[variant]);
    for (let run = 0; run < RUNS; run += 1) {
      for (const variant of Object.keys(VARIANTS) as Variant[]) {
        for (const scenario of ['fresh', 'migrated'] as Scenario[]) {
          const dataDir = scenario === 'fresh' ? mkdtempSync(path.join(root, 'fresh-')) : migrated[variant];
          const start = await startOnce(variant, dataDir);
          const key = `${variant}|${scenario}`;
          results.set(key, [...(results.get(key) ?? []), start]);
          if (scenario === 'fresh') rmSync(dataDir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  console.log(
    `Server start, spawn to first 200 on /api/v1/health, embedded database, median of ${RUNS} (node ${process.version}, ${os.cpus().length} CPUs)`,
  );
  console.log(
    `  ${'command'.padEnd(20)} ${'DATA_DIR'.padEnd(9)} ${'start'.padStart(8)} ${'RSS'.padStart(8)} ${'tree RSS'.padStart(9)}   starts (ms)`,
  );
  for (const [key, starts] of results) {
    const [variant, scenario] = key.split('|') as [string, string];
    console.log(
      `  ${variant.padEnd(20)} ${scenario.padEnd(9)} ${`${median(starts.map((s) => s.ms)).toFixed(0)} ms`.padStart(8)} ${`${median(starts.map((s) => s.rssMb)).toFixed(0)} MB`.padStart(8)} ${`${median(starts.map((s) => s.treeRssMb)).toFixed(0)} MB`.padStart(9)}   [${starts.map((s) => s.ms.toFixed(0)).join(', ')}]`,
    );
  }
  console.log(
    `  RSS: the server process ${IDLE_MS / 1000} s after its first 200; tree RSS: with its wrappers.`,
  );
}
