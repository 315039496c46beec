/**
 * Every setting the server reads, parsed once from the environment. A wrong value stops the start with one
 * line naming the setting; secrets that are not given are generated once and kept in DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { SERVER_ROOT } from './runtime-paths.ts';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string;
  appSecret: string;
  adminUsername: string;
  adminPassword: string | null;
  companyName: string;
  /** Sign-in attempts allowed per username and address within `loginWindowMs`. */
  loginMaxAttempts: number;
  loginWindowMs: number;
  /** Where the built web app lives; null serves the API only. */
  webDistDir: string | null;
  logLevel: string;
  /**
   * Which proxies may tell the client's address in X-Forwarded-For: false (none, the default), a hop count,
   * or the proxies' addresses and CIDR ranges. Rate limits key on that address, so trusting any client's
   * header would let it pick a fresh address per attempt.
   */
  trustProxy: false | number | string[];
  /**
   * Whether this process runs the job workers (jobs/): yes unless WORKERS=0 (an API-only process; the jobs
   * wait for a process that runs them: `npm run worker` on PostgreSQL).
   */
  workers: boolean;
  /** Seconds between two polls of an idle job queue. */
  jobPollSeconds: number;
  /** Seconds a running job's lease lasts without renewal (jobs/job-lease.ts). */
  jobLeaseSeconds: number;
  /**
   * Lets order status hooks point at private, loopback and link-local addresses (HOOKS_ALLOW_PRIVATE=1): for
   * tests and closed networks only; otherwise such hooks are refused when saved and when delivered.
   */
  hooksAllowPrivate: boolean;
  /**
   * The bearer token a Prometheus scraper sends to GET /metrics (METRICS_TOKEN, 16+ characters); null, the
   * default, turns /metrics off (404).
   */
  metricsToken: string | null;
  /** The port a worker process (`npm run worker`) serves /metrics and /healthz on (METRICS_PORT); null: none. */
  metricsPort: number | null;
  /**
   * The web origins (scheme, host and port) whose pages may call the API from the browser (CORS_ORIGINS);
   * empty, the default, answers no cross-origin call at all (the web app is served from the API's own origin).
   */
  corsOrigins: string[];
  /** A request that takes longer than this many milliseconds is logged as a warning (plugins/request-log.ts). */
  slowRequestMs: number;
  /**
   * The built-in AMS filing writes its filing fields (names, addresses, descriptions) in plain ASCII, the
   * originals in their own columns (AMS_MANIFEST_ASCII=1, the default); 0 writes them as typed.
   */
  amsManifestAscii: boolean;
  /**
   * Creating calls (orders, imports, batches, manifest loads, top-ups) allowed per API key, or per signed-in
   * user, within `createWindowMs` (CREATE_CALLS_PER_MINUTE); counted in the database, so across every instance.
   */
  createCallsPerWindow: number;
  /** The creating calls' fixed window (60 s; tests lengthen it so a minute's turn cannot split a test). */
  createWindowMs: number;
  /** Batches one account may have in progress at once (BATCHES_IN_PROGRESS_MAX). */
  batchesInProgressMax: number;
  /** Megabytes of stored batch files one account may hold (BATCH_FILES_MAX_MB). */
  batchFilesMaxMb: number;
  /** Days a finished (failed or checked) batch keeps its file, then the daily clean-up drops it (BATCH_FILE_KEEP_DAYS). */
  batchFileKeepDays: number;
  /**
   * On SIGTERM, how long the requests in flight get to finish (SHUTDOWN_GRACE_MS); then the connections left
   * are closed and the process exits (process-lifecycle.ts).
   */
  shutdownGraceMs: number;
}

export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    problem: string,
  ) {
    super(`Invalid setting ${setting}: ${problem}`);
    this.name = 'ConfigError';
  }
}

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const wholeNumber = (min: number, max: number) => {
  const problem = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: problem }).int(problem).min(min, problem).max(max, problem);
};

const settings = {
  PORT: z.preprocess(blankToUndefined, wholeNumber(1, 65535).default(3000)),
  HOST: z.preprocess(blankToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  JWT_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  APP_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_USERNAME: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9._@-]{3,64}$/, 'must be 3-64 letters, digits or . _ @ -')
      .default('admin'),
  ),
  ADMIN_PASSWORD: z.preprocess(
    blankToUndefined,
    z.string().min(6, 'must be at least 6 characters').optional(),
  ),
  COMPANY_NAME: z.preprocess(blankToUndefined, z.string().max(200).default('ParcelOps')),
  LOGIN_MAX_ATTEMPTS: z.preprocess(blankToUndefined, wholeNumber(1, 100000).default(10)),
  TRUST_PROXY: z.preprocess(blankToUndefined, z.string().optional()),
  WORKERS: z.preprocess(blankToUndefined, z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('1')),
  JOB_POLL_SECONDS: z.preprocess(blankToUndefined, wholeNumber(1, 60).default(2)),
  JOB_LEASE_SECONDS: z.preprocess(blankToUndefined, wholeNumber(2, 600).default(60)),
  HOOKS_ALLOW_PRIVATE: z.preprocess(
    blankToUndefined,
    z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
  ),
  CORS_ORIGINS: z.preprocess(blankToUndefined, z.string().optional()),
  SLOW_REQUEST_MS: z.preprocess(blankToUndefined, wholeNumber(1, 3_600_000).default(1000)),
  AMS_MANIFEST_ASCII: z.preprocess(
    blankToUndefined,
    z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('1'),
  ),
  CREATE_CALLS_PER_MINUTE: z.preprocess(blankToUndefined, wholeNumber(1, 1_000_000).default(1200)),
  BATCHES_IN_PROGRESS_MAX: z.preprocess(blankToUndefined, wholeNumber(1, 1000).default(5)),
  BATCH_FILES_MAX_MB: z.preprocess(blankToUndefined, wholeNumber(10, 1_000_000).default(500)),
  BATCH_FILE_KEEP_DAYS: z.preprocess(blankToUndefined, wholeNumber(1, 3650).default(30)),
  SHUTDOWN_GRACE_MS: z.preprocess(blankToUndefined, wholeNumber(0, 600_000).default(25_000)),
  METRICS_TOKEN: z.preprocess(
    blankToUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  METRICS_PORT: z.preprocess(blankToUndefined, wholeNumber(1, 65535).optional()),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
} as const;

type Env = Record<string, string | undefined>;

function read<K extends keyof typeof settings>(env: Env, key: K): z.output<(typeof settings)[K]> {
  const result = settings[key].safeParse(env[key]);
  if (!result.success) throw new ConfigError(key, result.error.issues[0]?.message ?? 'is not valid');
  return result.data as z.output<(typeof settings)[K]>;
}

const TRUST_PROXY_PROBLEM =
  'must be a hop count (1-10) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8)';

function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset trusts no proxy; `2` trusts two hops; `10.0.0.1, 10.1.0.0/16` trusts those addresses. */
export function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (value === undefined) return false;
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10) throw new ConfigError('TRUST_PROXY', TRUST_PROXY_PROBLEM);
    return hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every(isAddressOrRange))
    throw new ConfigError('TRUST_PROXY', TRUST_PROXY_PROBLEM);
  return entries;
}

const CORS_ORIGINS_PROBLEM =
  'must be a comma-separated list of origins such as https://app.example.com (scheme, host and optional port; no path, no *)';

/** CORS_ORIGINS: unset allows no cross-origin caller; `https://a.example.com, http://localhost:5173` those two. */
export function parseCorsOrigins(value: string | undefined): string[] {
  if (value === undefined) return [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const isOrigin = (entry: string) => {
    try {
      const url = new URL(entry);
      // Browsers send the origin serialized exactly so (lowercase host, no default port, no slash), and the
      // match is exact: anything else would never match, so it is refused here rather than silently unused.
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === entry;
    } catch {
      return false;
    }
  };
  if (entries.length === 0 || !entries.every(isOrigin))
    throw new ConfigError('CORS_ORIGINS', CORS_ORIGINS_PROBLEM);
  return [...new Set(entries)];
}

/** Generated secrets survive restarts, so sessions and encrypted vendor credentials stay valid. */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Record<string, string> = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    } catch {
      throw new ConfigError(name, `${file} is not valid JSON; fix or delete it`);
    }
  }
  const existing = stored[name];
  if (existing) return existing;
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  // Written whole and then renamed into place: a process starting at the same moment reads the old file or the
  // new one, never half of one.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, JSON.stringify({ ...stored, [name]: secret }, null, 2), { mode: 0o600 });
  renameSync(partial, file);
  return secret;
}

export function loadConfig(env: Env = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  // Relative to where `npm` was run (npm runs the server from apps/server), so ./data is the checkout's data/.
  const dataDir = overrides.dataDir ?? path.resolve(env.INIT_CWD ?? process.cwd(), read(env, 'DATA_DIR'));
  const webDist = path.resolve(SERVER_ROOT, '../web/dist');
  return {
    port: read(env, 'PORT'),
    host: read(env, 'HOST'),
    dataDir,
    databaseUrl: read(env, 'DATABASE_URL') ?? null,
    // A secret given (setting or override) is never looked up in, nor written to, DATA_DIR.
    jwtSecret: read(env, 'JWT_SECRET') ?? overrides.jwtSecret ?? persistedSecret(dataDir, 'JWT_SECRET'),
    appSecret: read(env, 'APP_SECRET') ?? overrides.appSecret ?? persistedSecret(dataDir, 'APP_SECRET'),
    adminUsername: read(env, 'ADMIN_USERNAME'),
    adminPassword: read(env, 'ADMIN_PASSWORD') ?? null,
    companyName: read(env, 'COMPANY_NAME'),
    loginMaxAttempts: read(env, 'LOGIN_MAX_ATTEMPTS'),
    loginWindowMs: 60_000,
    webDistDir: existsSync(path.join(webDist, 'index.html')) ? webDist : null,
    logLevel: read(env, 'LOG_LEVEL'),
    trustProxy: parseTrustProxy(read(env, 'TRUST_PROXY')),
    workers: read(env, 'WORKERS') === '1',
    jobPollSeconds: read(env, 'JOB_POLL_SECONDS'),
    jobLeaseSeconds: read(env, 'JOB_LEASE_SECONDS'),
    hooksAllowPrivate: read(env, 'HOOKS_ALLOW_PRIVATE') === '1',
    metricsToken: read(env, 'METRICS_TOKEN') ?? null,
    metricsPort: read(env, 'METRICS_PORT') ?? null,
    corsOrigins: parseCorsOrigins(read(env, 'CORS_ORIGINS')),
    slowRequestMs: read(env, 'SLOW_REQUEST_MS'),
    amsManifestAscii: read(env, 'AMS_MANIFEST_ASCII') === '1',
    createCallsPerWindow: read(env, 'CREATE_CALLS_PER_MINUTE'),
    createWindowMs: 60_000,
    batchesInProgressMax: read(env, 'BATCHES_IN_PROGRESS_MAX'),
    batchFilesMaxMb: read(env, 'BATCH_FILES_MAX_MB'),
    batchFileKeepDays: read(env, 'BATCH_FILE_KEEP_DAYS'),
    shutdownGraceMs: read(env, 'SHUTDOWN_GRACE_MS'),
    ...overrides,
  };
}
