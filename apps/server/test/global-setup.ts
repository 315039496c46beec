/**
 * Once per test run: a migrated database template. Each test file then gets its own fresh copy of it
 * (test/test-database.ts): a PGlite data-dir snapshot by default, or a PostgreSQL database created from a
 * template database when DATABASE_URL is set.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { newPGlite, openDatabase } from '../src/db/database.ts';
import { JobQueue } from '../src/jobs/job-queue.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const template = `parcelops_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const handle = await openDatabase({
      kind: 'postgres',
      url: databaseUrlFor(baseUrl, template),
      poolSize: 1,
    });
    // The job queue's own tables (pg-boss) too, so each file's copy starts with them.
    await (await JobQueue.open(handle, { workers: false })).stop(1_000);
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      // Copies made from the template are dropped by their files; the template goes last.
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'parcelops-test-'));
  const client = newPGlite();
  const handle = await openDatabase({ kind: 'pglite', client });
  await (await JobQueue.open(handle, { workers: false })).stop(1_000);
  const snapshot = await client.dumpDataDir('gzip');
  await handle.close();
  const file = path.join(dir, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
