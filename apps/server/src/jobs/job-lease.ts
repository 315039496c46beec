/**
 * Leases: how a job whose process died is taken up again within two minutes. pg-boss 10 has no heartbeat: an
 * active job stays active until its expiry (an hour for a batch, queues.ts) plus a maintenance pass. So while
 * a handler works, its job's own row carries a short lease: `started_on` is moved so that started_on +
 * expire_in, what the expiry checks, is now plus the lease (60 s), renewed every third of it. When the process
 * dies the renewals stop, the lease runs out, and pg-boss's maintenance (every half lease, in any process
 * running workers) fails the job by timeout, which is a retry: 60 + 30 s, plus a poll, at worst.
 * `expire_in` itself stays the queue's: pg-boss gives a fetched job its expire_in as the handler's deadline,
 * so a lease kept there would hand the retry of a dead attempt a deadline of seconds, and pg-boss would fail
 * that attempt while it still runs (crash-recovery.test.ts).
 *
 * On PGlite the database belongs to one process, so nothing else can be running a job: at start every
 * active job is a previous run's and is handed back at once (handBackOrphans), and no lease is kept (a
 * renewal would only queue behind the job's own transaction on the one connection).
 */
import type PgBoss from 'pg-boss';
import type { DatabaseHandle, SqlClient } from '../db/database.ts';

export const JOB_SCHEMA = 'pgboss';

export interface LeaseSettings {
  /** How long a job stays leased without a renewal. */
  seconds: number;
  renewEverySeconds: number;
  /** pg-boss's maintenance pass, which hands back the jobs whose lease ran out. */
  maintenanceSeconds: number;
}

/** The lease of a job whose process is alive; JOB_LEASE_SECONDS shortens it (the crash tests). */
export function leaseSettings(seconds = 60): LeaseSettings {
  return {
    seconds,
    renewEverySeconds: Math.max(1, Math.floor(seconds / 3)),
    maintenanceSeconds: Math.max(1, Math.floor(seconds / 2)),
  };
}

const RENEW = `
  update ${JOB_SCHEMA}.job
     set started_on = now() + make_interval(secs => $3) - expire_in
   where name = $1 and id = $2 and state = 'active'`;

export interface Lease {
  release(): void;
}

export interface LeaseKeeper {
  hold(name: string, id: string): Lease;
  releaseAll(): void;
}

export function leaseKeeper(sql: SqlClient, kind: DatabaseHandle['kind'], lease: LeaseSettings): LeaseKeeper {
  const held = new Set<NodeJS.Timeout>();
  if (kind === 'pglite') return { hold: () => ({ release() {} }), releaseAll() {} };
  return {
    hold(name, id) {
      const renew = () =>
        sql.executeSql(RENEW, [name, id, lease.seconds]).catch(() => {
          // A missed renewal is retried at the next tick; the lease has room for two misses.
        });
      void renew();
      const timer = setInterval(renew, lease.renewEverySeconds * 1000);
      // A lease never keeps the process alive on its own.
      timer.unref();
      held.add(timer);
      return {
        release() {
          clearInterval(timer);
          held.delete(timer);
        },
      };
    },
    releaseAll() {
      for (const timer of held) clearInterval(timer);
      held.clear();
    },
  };
}

/** Fails (so retries) every active job: on PGlite, at start, they can only be a dead run's. */
export async function handBackOrphans(boss: PgBoss, sql: SqlClient): Promise<number> {
  const { rows } = await sql.executeSql(`select name, id from ${JOB_SCHEMA}.job where state = 'active'`, []);
  const orphans = rows as { name: string; id: string }[];
  for (const { name, id } of orphans)
    await boss.fail(name, id, { message: 'The process running this job stopped; handed back at start.' });
  return orphans.length;
}
