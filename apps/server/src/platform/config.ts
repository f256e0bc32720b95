import path from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  /** PGlite data folder; ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** Public origin used in links inside e-mails. */
  publicUrl: string;
  /** Folder holding the built web app; null serves the API only. */
  webDistDir: string | null;
  trustProxy: boolean;
  logLevel: string;
  /** `pretty`: one short line per request for a terminal; `json`: pino's JSON lines for log collectors. */
  logFormat: LogFormat;
  /** Hosts that get the team/workspace site variant. */
  teamHosts: string[];
  /** Where uploaded images are kept: a folder (default `${dataDir}/uploads`) or an S3-compatible bucket. */
  storage: StorageConfig;
  /** HMAC key of upload links; null means generated once and kept in the data folder. */
  uploadSigningSecret: string | null;
}

export type LogFormat = 'pretty' | 'json';

export type StorageConfig =
  | { driver: 'local'; dir: string }
  | {
      driver: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid environment variable ${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(name, `expected one of 1/0/true/false/yes/no/on/off, got "${raw}"`);
}

function readPort(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(name, `expected an integer between 1 and 65535, got "${raw}"`);
  }
  return port;
}

function readUrl(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, 'not a valid URL');
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `expected a ${protocols.join(' or ')} URL, got "${url.protocol}"`);
  }
  return raw;
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** S3 when all four S3 variables are set, the local folder when none is; half a configuration is refused. */
function readStorage(env: Env, cwd: string, dataDir: string): StorageConfig {
  const given = S3_VARIABLES.filter((name) => env[name]);
  if (given.length === 0) {
    return { driver: 'local', dir: path.resolve(cwd, env.STORAGE_DIR || path.join(dataDir, 'uploads')) };
  }
  const missing = S3_VARIABLES.find((name) => !env[name]);
  if (missing) throw new ConfigError(missing, `required when ${given.join(', ')} is set`);
  if (env.STORAGE_DIR) throw new ConfigError('STORAGE_DIR', 'cannot be combined with S3 storage');
  const bucket = env.S3_BUCKET ?? '';
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError('S3_BUCKET', `not a valid bucket name: "${bucket}"`);
  }
  return {
    driver: 's3',
    endpoint: (readUrl(env, 'S3_ENDPOINT', ['http:', 'https:']) ?? '').replace(/\/$/, ''),
    bucket,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
  };
}

function readSigningSecret(env: Env): string | null {
  const raw = env.UPLOAD_SIGNING_SECRET;
  if (raw === undefined || raw === '') return null;
  if (raw.length < 32) throw new ConfigError('UPLOAD_SIGNING_SECRET', 'expected at least 32 characters');
  return raw;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** JSON when asked for or in a production deployment (NODE_ENV=production), short human lines otherwise. */
function readLogFormat(env: Env): LogFormat {
  const raw = env.LOG_FORMAT;
  if (raw === undefined || raw === '') return env.NODE_ENV === 'production' ? 'json' : 'pretty';
  if (raw === 'pretty' || raw === 'json') return raw;
  throw new ConfigError('LOG_FORMAT', `expected pretty or json, got "${raw}"`);
}

/** Reads and validates the environment once at start; a bad variable stops the process with its name. */
export function loadConfig(env: Env, cwd = process.cwd()): AppConfig {
  const databaseUrl = readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const port = readPort(env, 'PORT', 3000);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}`);
  }
  const dataDir = path.resolve(cwd, env.DATA_DIR || './data');
  return {
    port,
    // Only this machine can reach a server that was not told otherwise; HOST=0.0.0.0 exposes it.
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    // Demo content is on by default only for the embedded database: a real PostgreSQL is someone's data.
    seedDemo: readBoolean(env, 'SEED_DEMO', databaseUrl === null),
    smtpUrl: readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Coderoom <no-reply@coderoom.dev>',
    publicUrl: (readUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
      /\/$/,
      '',
    ),
    webDistDir: env.WEB_DIST_DIR ? path.resolve(cwd, env.WEB_DIST_DIR) : null,
    trustProxy: readBoolean(env, 'TRUST_PROXY', false),
    logLevel,
    logFormat: readLogFormat(env),
    teamHosts: (env.TEAM_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim())
      .filter(Boolean),
    storage: readStorage(env, cwd, dataDir),
    uploadSigningSecret: readSigningSecret(env),
  };
}
