/**
 * Whether this process can serve (GET /readyz, ops/ops.routes.ts): the database answers, its migrations are
 * the ones this build ships, and the job workers run where this process is meant to run them. Each database
 * read is bounded, so a load balancer's probe never hangs on a stuck connection.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Text, text } from '@parcelops/shared';
import { sql } from 'drizzle-orm';
import { type Database, MIGRATIONS_DIR } from '../db/database.ts';
import { rowsOf } from '../db/raw-rows.ts';

/** How long each readiness query may take before the check counts as failed. */
export const READINESS_QUERY_MS = 2_000;

/** What readiness asks of this process's job queue (jobs/job-queue.ts). */
export interface WorkerState {
  workersRunning(): boolean;
}

export interface ReadinessSources {
  db: Database;
  /** Whether this process is meant to run the job workers (WORKERS=1). */
  runsWorkers: boolean;
  /** The queue whose workers must be running when `runsWorkers`; without it they count as not running. */
  workers?: WorkerState;
  /** Whether the process is shutting down (SIGTERM, process-lifecycle.ts): then never ready, whatever else. */
  draining?: boolean;
}

export type CheckResult = 'ok' | 'failing' | 'unknown' | 'not run here';

export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; workers: CheckResult };
  /** What is wrong, for the 503's msg; empty when ready. */
  problems: Text[];
}

interface JournalEntry {
  tag: string;
  when: number;
}

let newestMigration: JournalEntry | undefined;

/** The newest migration this build ships: drizzle-kit's journal, read once. */
export function newestShippedMigration(): JournalEntry {
  if (!newestMigration) {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    };
    newestMigration = journal.entries.reduce((newest, entry) => (entry.when > newest.when ? entry : newest));
  }
  return newestMigration;
}

function bounded<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), READINESS_QUERY_MS);
  });
  // A query left behind by the timeout must not become an unhandled rejection later.
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The newest migration drizzle recorded as applied (its created_at is the journal's `when`), or null when
 * there is none, not even drizzle's table.
 */
async function appliedMigrationMillis(db: Database): Promise<number | null> {
  const [exists] = rowsOf<{ present: boolean }>(
    await bounded(db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)),
  );
  if (!exists?.present) return null;
  const [row] = rowsOf<{ created_at: string | number }>(
    await bounded(
      db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
    ),
  );
  return row ? Number(row.created_at) : null;
}

export async function checkReadiness(sources: ReadinessSources): Promise<Readiness> {
  const problems: Text[] = [];
  const checks: Readiness['checks'] = { database: 'ok', migrations: 'ok', workers: 'ok' };
  // First, so a balancer's probe names it: the process is finishing its requests and takes no new ones.
  if (sources.draining) problems.push(text('ops.shuttingDown'));

  try {
    await bounded(sources.db.execute(sql`select 1`));
  } catch {
    checks.database = 'failing';
    checks.migrations = 'unknown';
    problems.push(text('ops.databaseDown'));
  }

  if (checks.database === 'ok') {
    const expected = newestShippedMigration();
    try {
      const applied = await appliedMigrationMillis(sources.db);
      // A newer database than this build (a rolling update, half done) still has every table this build uses.
      if (applied === null || applied < expected.when) {
        checks.migrations = 'failing';
        problems.push(text('ops.migrationsMissing', { expected: expected.tag }));
      }
    } catch {
      checks.migrations = 'failing';
      problems.push(text('ops.databaseDown'));
    }
  }

  if (!sources.runsWorkers) checks.workers = 'not run here';
  else if (!sources.workers?.workersRunning()) {
    checks.workers = 'failing';
    problems.push(text('ops.workersStopped'));
  }

  return { ready: problems.length === 0, checks, problems };
}
