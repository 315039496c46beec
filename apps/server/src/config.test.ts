import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const SECRET = 'a-secret-that-is-long-enough-for-jwt-0123456789';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'parcelops-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** loadConfig's error for `env`, which must be a ConfigError. */
function configErrorFor(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('uses the defaults for every setting not given', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve(dataDir),
      databaseUrl: null,
      adminUsername: 'admin',
      adminPassword: null,
      companyName: 'ParcelOps',
      loginMaxAttempts: 10,
      loginWindowMs: 60_000,
      logLevel: 'info',
      trustProxy: false,
      shutdownGraceMs: 25_000,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.appSecret).not.toBe(config.jwtSecret);
  });

  it('reads a relative DATA_DIR from where npm was run (INIT_CWD), not from apps/server', () => {
    const config = loadConfig({ DATA_DIR: 'store', INIT_CWD: dataDir });
    expect(config.dataDir).toBe(path.join(dataDir, 'store'));
  });

  it('keeps DATA_DIR at ./data by default', () => {
    const config = loadConfig({ JWT_SECRET: SECRET, APP_SECRET: SECRET });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('reads the settings it is given, and treats blank values as not given', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://parcel@db:5432/parcelops',
      JWT_SECRET: SECRET,
      APP_SECRET: `${SECRET}-app`,
      ADMIN_USERNAME: 'boss@example.com',
      ADMIN_PASSWORD: 'Boss#2026',
      COMPANY_NAME: 'Acme Couriers',
      LOGIN_MAX_ATTEMPTS: '5',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '5000',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://parcel@db:5432/parcelops',
      jwtSecret: SECRET,
      appSecret: `${SECRET}-app`,
      adminUsername: 'boss@example.com',
      adminPassword: 'Boss#2026',
      companyName: 'Acme Couriers',
      loginMaxAttempts: 5,
      logLevel: 'warn',
      shutdownGraceMs: 5000,
    });

    const blanks = loadConfig({ DATA_DIR: dataDir, PORT: '  ', DATABASE_URL: '', ADMIN_PASSWORD: '' });
    expect(blanks).toMatchObject({ port: 3000, databaseUrl: null, adminPassword: null });
  });

  it('lets overrides win over the environment', () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '8080' }, { port: 9999, companyName: 'Override' });
    expect(config.port).toBe(9999);
    expect(config.companyName).toBe('Override');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'too-short'],
    ['APP_SECRET', 'too-short'],
    ['ADMIN_USERNAME', 'a b'],
    ['ADMIN_PASSWORD', '12345'],
    ['LOGIN_MAX_ATTEMPTS', '0'],
    ['LOG_LEVEL', 'loud'],
    ['SHUTDOWN_GRACE_MS', '-1'],
    ['SHUTDOWN_GRACE_MS', '600001'],
    ['SHUTDOWN_GRACE_MS', '2.5'],
  ])('refuses %s=%s with a ConfigError naming the setting', (setting, value) => {
    const error = configErrorFor({ [setting]: value });
    expect(error.setting).toBe(setting);
    expect(error.message).toMatch(new RegExp(`^Invalid setting ${setting}: .+`));
  });

  it('says what is wrong with the value', () => {
    expect(configErrorFor({ DATABASE_URL: 'mysql://x' }).message).toBe(
      'Invalid setting DATABASE_URL: must be a postgres:// or postgresql:// URL',
    );
    expect(configErrorFor({ JWT_SECRET: 'short' }).message).toBe(
      'Invalid setting JWT_SECRET: must be at least 32 characters',
    );
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: ' ' }).trustProxy).toBe(false);
  });

  it('reads a hop count or a list of addresses and CIDR ranges', () => {
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1,fd00::/8' }).trustProxy,
    ).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8']);
  });

  it.each(['0', '11', 'true', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/2', ','])(
    'refuses %j with a line naming the setting',
    (value) => {
      const error = configErrorFor({ TRUST_PROXY: value });
      expect(error.setting).toBe('TRUST_PROXY');
    },
  );
});

describe('generated secrets', () => {
  it('are written to DATA_DIR/secrets.json, readable by the owner only, and read again on the next load', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      JWT_SECRET: first.jwtSecret,
      APP_SECRET: first.appSecret,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.appSecret).toBe(first.appSecret);
  });

  it('are created in a DATA_DIR that does not exist yet', () => {
    const nested = path.join(dataDir, 'not', 'yet');
    const config = loadConfig({ DATA_DIR: nested });
    expect(JSON.parse(readFileSync(path.join(nested, 'secrets.json'), 'utf8')).JWT_SECRET).toBe(
      config.jwtSecret,
    );
  });

  it('are not generated for a secret given in the environment', () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });
    expect(config.jwtSecret).toBe(SECRET);
    const stored = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
    expect(Object.keys(stored)).toEqual(['APP_SECRET']);
  });

  it('keep what else secrets.json holds', () => {
    writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ JWT_SECRET: SECRET }));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.jwtSecret).toBe(SECRET);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'))).toEqual({
      JWT_SECRET: SECRET,
      APP_SECRET: config.appSecret,
    });
  });

  it('refuse a secrets.json that is not JSON with a ConfigError naming the file', () => {
    writeFileSync(path.join(dataDir, 'secrets.json'), '{ not json');
    const error = configErrorFor({});
    expect(error.setting).toBe('JWT_SECRET');
    expect(error.message).toContain(path.join(dataDir, 'secrets.json'));
  });
});

describe('quotas and rates (issue 30)', () => {
  const base = () => ({ DATA_DIR: dataDir, JWT_SECRET: SECRET, APP_SECRET: SECRET });

  it('defaults to a courier’s biggest seller and reads what it is given', () => {
    expect(loadConfig(base())).toMatchObject({
      createCallsPerWindow: 1200,
      createWindowMs: 60_000,
      batchesInProgressMax: 5,
      batchFilesMaxMb: 500,
      batchFileKeepDays: 30,
    });
    expect(
      loadConfig({
        ...base(),
        CREATE_CALLS_PER_MINUTE: '300',
        BATCHES_IN_PROGRESS_MAX: '2',
        BATCH_FILES_MAX_MB: '50',
        BATCH_FILE_KEEP_DAYS: '7',
      }),
    ).toMatchObject({
      createCallsPerWindow: 300,
      batchesInProgressMax: 2,
      batchFilesMaxMb: 50,
      batchFileKeepDays: 7,
    });
  });

  it('refuses a value that is not a whole number in range, naming the setting', () => {
    for (const [setting, value] of [
      ['CREATE_CALLS_PER_MINUTE', '0'],
      ['BATCHES_IN_PROGRESS_MAX', 'many'],
      ['BATCH_FILES_MAX_MB', '5'],
      ['BATCH_FILE_KEEP_DAYS', '1.5'],
    ] as const) {
      try {
        loadConfig({ ...base(), [setting]: value });
        expect.unreachable(`${setting}=${value} was accepted`);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).setting).toBe(setting);
      }
    }
  });
});
