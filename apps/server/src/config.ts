/**
 * Every setting the server reads, parsed once from the environment. A wrong value stops the start with one
 * line naming the setting; secrets that are not given are generated once and kept in DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  writeFileSync(file, JSON.stringify({ ...stored, [name]: secret }, null, 2), { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  // Relative to where `npm` was run (npm runs the server from apps/server), so ./data is the checkout's data/.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), read(env, 'DATA_DIR'));
  const webDist = path.resolve(import.meta.dirname, '../../web/dist');
  return {
    port: read(env, 'PORT'),
    host: read(env, 'HOST'),
    dataDir,
    databaseUrl: read(env, 'DATABASE_URL') ?? null,
    jwtSecret: read(env, 'JWT_SECRET') ?? persistedSecret(dataDir, 'JWT_SECRET'),
    appSecret: read(env, 'APP_SECRET') ?? persistedSecret(dataDir, 'APP_SECRET'),
    adminUsername: read(env, 'ADMIN_USERNAME'),
    adminPassword: read(env, 'ADMIN_PASSWORD') ?? null,
    companyName: read(env, 'COMPANY_NAME'),
    loginMaxAttempts: read(env, 'LOGIN_MAX_ATTEMPTS'),
    loginWindowMs: 60_000,
    webDistDir: existsSync(path.join(webDist, 'index.html')) ? webDist : null,
    logLevel: read(env, 'LOG_LEVEL'),
    ...overrides,
  };
}
