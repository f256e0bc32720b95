import path from 'node:path';

/**
 * What this process does (docs/deploy.md). `all`: everything in one process, the default. `api`: serves
 * requests and leaves queued jobs to worker processes. `worker`: runs the job queue (and answers health
 * probes). `collab`: serves only the collaborative-editing WebSocket (and health probes). These three need
 * PostgreSQL: the embedded database belongs to a single process. `runner`: runs learners' code for the
 * others, with no database. `migrate`: applies the migrations (and the demo seed when asked) and exits,
 * for a deployment's migration job.
 */
export type ProcessRole = 'all' | 'api' | 'worker' | 'collab' | 'runner' | 'instances' | 'migrate';

const ROLES: readonly ProcessRole[] = ['all', 'api', 'worker', 'collab', 'runner', 'instances', 'migrate'];

export interface AppConfig {
  role: ProcessRole;
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
  /** The programs that transcode lesson videos (FFMPEG_PATH, FFPROBE_PATH; default: found on PATH). */
  ffmpegPath: string;
  ffprobePath: string;
  /** Minutes after a completed skill assessment before the learner may retake it (0: no cool-down). */
  assessmentRetakeCoolDownMinutes: number;
  /** An OpenAI-compatible model endpoint for AI search answers (docs/ai.md); null: extractive answers. */
  ai: AiModelConfig | null;
  /**
   * Redis that collaborative editing shares between processes (REDIS_URL; docs/deploy.md): every process
   * may host any document and edits reach the editors on the others. Null: one process hosts them all.
   */
  collabRedis: CollabRedisConfig | null;
  /**
   * Whether this process answers the collaborative-editing WebSocket (COLLAB, default on). `COLLAB=off` on
   * an api process when a proxy sends that path to ROLE=collab processes (docs/deploy.md); always on for
   * ROLE=collab.
   */
  servesCollab: boolean;
  /**
   * The runner as a network service (docs/runner.md): where a ROLE=runner process listens, the hosts other
   * processes send code to (RUNNER_URLS), and the secret they share. Null: code runs in a sandboxed child
   * process of this one.
   */
  runnerService: RunnerServiceConfig | null;
  /**
   * Live instances on a host of their own (docs/containers.md, "Instances as a service"): where a
   * ROLE=instances process listens, the host other processes call (INSTANCES_URL), and the shared secret.
   * Null: this process starts the instances it allocates.
   */
  instancesService: InstancesServiceConfig | null;
  /**
   * Live instances kept started per profile (INSTANCE_PREPARED, e.g. `coderoom/python/3=4,coderoom/node/20=2`;
   * empty or `off`: none), handed to allocations at once (docs/containers.md, "Prepared pool").
   */
  preparedInstances: Record<string, number>;
}

export interface InstancesServiceConfig {
  /** INSTANCES_SECRET: shared by the instances host and every api process; at least 16 characters. */
  secret: string;
  /** ROLE=instances: a TCP port (INSTANCES_LISTEN=4200, default PORT) or a Unix socket path. */
  listen: { port: number } | { path: string };
  /** INSTANCES_URL: `http://host:port` or `unix:/path.sock`; null for ROLE=instances itself. */
  url: string | null;
}

function readInstancesService(env: Env, role: ProcessRole, port: number): InstancesServiceConfig | null {
  const url = env.INSTANCES_URL?.trim() || null;
  if (url && !url.startsWith('unix:/')) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {}
    if (parsed?.protocol !== 'http:' || !parsed.port) {
      throw new ConfigError('INSTANCES_URL', `expected http://host:port or unix:/path.sock, got "${url}"`);
    }
  }
  if (role !== 'instances' && !url) return null;
  if (role === 'instances' && url) {
    throw new ConfigError(
      'INSTANCES_URL',
      'the instances host starts them itself: leave INSTANCES_URL unset',
    );
  }
  const secret = env.INSTANCES_SECRET ?? '';
  if (secret.length < 16) throw new ConfigError('INSTANCES_SECRET', 'expected at least 16 characters');
  const rawListen = env.INSTANCES_LISTEN ?? '';
  const listen = rawListen.startsWith('/')
    ? { path: rawListen }
    : { port: rawListen === '' ? port : readPort(env, 'INSTANCES_LISTEN', port) };
  return { secret, listen, url };
}

/** One of each of the two live-instance profiles, ready: the first learners' allocations need no start. */
export const DEFAULT_PREPARED_INSTANCES: Readonly<Record<string, number>> = {
  'coderoom/python/3': 1,
  'coderoom/node/20': 1,
};

function readPreparedInstances(env: Env): Record<string, number> {
  const raw = env.INSTANCE_PREPARED;
  if (raw === undefined) return { ...DEFAULT_PREPARED_INSTANCES };
  if (raw.trim() === '' || raw.trim() === 'off') return {};
  const prepared: Record<string, number> = {};
  for (const entry of raw.split(',')) {
    const match = /^\s*([a-z0-9][a-z0-9/._-]*)=(\d{1,2})\s*$/.exec(entry);
    const count = Number(match?.[2]);
    if (!match?.[1] || count > 32) {
      throw new ConfigError(
        'INSTANCE_PREPARED',
        `expected profile=count pairs (count 0 to 32) separated by commas, or off; got "${entry.trim()}"`,
      );
    }
    prepared[match[1]] = count;
  }
  return prepared;
}

export interface RunnerServiceConfig {
  /** RUNNER_SECRET: shared by the runner hosts and every process calling them. */
  secret: string;
  /** ROLE=runner: a TCP port (RUNNER_LISTEN=4100, default PORT) or a Unix socket path (RUNNER_LISTEN=/run/…sock). */
  listen: { port: number } | { path: string };
  /** RUNNER_URLS: `http://host:port` or `unix:/path.sock`, comma-separated; empty for ROLE=runner itself. */
  urls: string[];
}

function readRunnerService(env: Env, role: ProcessRole, port: number): RunnerServiceConfig | null {
  const urls = (env.RUNNER_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  for (const url of urls) {
    if (url.startsWith('unix:/')) continue;
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {}
    if (parsed?.protocol !== 'http:' || !parsed.port) {
      throw new ConfigError('RUNNER_URLS', `expected http://host:port or unix:/path.sock, got "${url}"`);
    }
  }
  if (role !== 'runner' && urls.length === 0) return null;
  if (role === 'runner' && urls.length > 0) {
    throw new ConfigError('RUNNER_URLS', 'a runner host runs the code itself: leave RUNNER_URLS unset');
  }
  const secret = env.RUNNER_SECRET ?? '';
  if (secret.length < 16) throw new ConfigError('RUNNER_SECRET', 'expected at least 16 characters');
  const rawListen = env.RUNNER_LISTEN ?? '';
  const listen = rawListen.startsWith('/')
    ? { path: rawListen }
    : { port: rawListen === '' ? port : readPort(env, 'RUNNER_LISTEN', port) };
  return { secret, listen, urls };
}

export interface CollabRedisConfig {
  url: string;
  /** Channel and key namespace, so two platforms (or two test runs) on one Redis stay apart. */
  prefix: string;
}

function readCollabRedis(env: Env): CollabRedisConfig | null {
  const url = readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']);
  if (!url) return null;
  const prefix = env.REDIS_PREFIX || 'coderoom';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(prefix)) {
    throw new ConfigError('REDIS_PREFIX', 'expected 1 to 64 letters, digits, dots, dashes or underscores');
  }
  return { url, prefix: `${prefix}:collab` };
}

export interface AiModelConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** A generated answer not finished in this time falls back to the extractive one. */
  timeoutMs: number;
  /**
   * The embedding model for hybrid retrieval (AI_EMBEDDING_MODEL; default AI_MODEL, `off` for none): the
   * endpoint's `/v1/embeddings`. Undefined means AI_MODEL; null means no embeddings.
   */
  embeddingModel?: string | null;
  /** Cosine similarity at which a section found by its embedding alone is relevant (default 0.5). */
  embeddingMinSimilarity?: number;
}

/** AI_BASE_URL, AI_API_KEY and AI_MODEL together, or none of them. */
export function readAiModel(env: Env): AiModelConfig | null {
  const baseUrl = readUrl(env, 'AI_BASE_URL', ['http:', 'https:']);
  const apiKey = env.AI_API_KEY ?? '';
  const model = env.AI_MODEL ?? '';
  if (!baseUrl && !apiKey && !model) return null;
  if (!baseUrl) throw new ConfigError('AI_BASE_URL', 'required when AI_API_KEY or AI_MODEL is set');
  if (!model) throw new ConfigError('AI_MODEL', 'required when AI_BASE_URL is set');
  const timeout = Number(env.AI_TIMEOUT_MS ?? 20_000);
  if (!Number.isInteger(timeout) || timeout < 100) {
    throw new ConfigError('AI_TIMEOUT_MS', 'expected a whole number of milliseconds, at least 100');
  }
  const embeddingModel = env.AI_EMBEDDING_MODEL?.trim() || model;
  const minSimilarity = Number(env.AI_EMBEDDING_MIN_SIMILARITY ?? 0.5);
  if (!Number.isFinite(minSimilarity) || minSimilarity <= 0 || minSimilarity > 1) {
    throw new ConfigError('AI_EMBEDDING_MIN_SIMILARITY', 'expected a number above 0 and at most 1');
  }
  // Local servers (llama.cpp, vLLM) accept any key; the SDK wants one.
  return {
    baseUrl,
    apiKey: apiKey || 'none',
    model,
    timeoutMs: timeout,
    embeddingModel: embeddingModel === 'off' ? null : embeddingModel,
    embeddingMinSimilarity: minSimilarity,
  };
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

function readMinutes(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const minutes = Number(raw);
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 525_600) {
    throw new ConfigError(name, `expected a whole number of minutes from 0 to 525600, got "${raw}"`);
  }
  return minutes;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** JSON when asked for or in a production deployment (NODE_ENV=production), short human lines otherwise. */
function readLogFormat(env: Env): LogFormat {
  const raw = env.LOG_FORMAT;
  if (raw === undefined || raw === '') return env.NODE_ENV === 'production' ? 'json' : 'pretty';
  if (raw === 'pretty' || raw === 'json') return raw;
  throw new ConfigError('LOG_FORMAT', `expected pretty or json, got "${raw}"`);
}

function readRole(env: Env, databaseUrl: string | null): ProcessRole {
  const raw = env.ROLE || 'all';
  if (!(ROLES as readonly string[]).includes(raw)) {
    throw new ConfigError('ROLE', `expected ${ROLES.join(', ')}, got "${raw}"`);
  }
  // A runner or instances host keeps no state: it only serves the api processes that call it.
  if (raw !== 'all' && raw !== 'runner' && raw !== 'instances' && databaseUrl === null) {
    throw new ConfigError(
      'ROLE',
      `${raw} shares its state with other processes: set DATABASE_URL (PostgreSQL)`,
    );
  }
  return raw as ProcessRole;
}

/** COLLAB=off hands the WebSocket to collab processes, which only a split deployment has. */
function readServesCollab(env: Env, role: ProcessRole, redis: CollabRedisConfig | null): boolean {
  const serves = readBoolean(env, 'COLLAB', true);
  // Documents open on a collab process hear the api processes' saves and rights changes through Redis.
  if ((role === 'collab' || !serves) && redis === null) {
    throw new ConfigError(
      'REDIS_URL',
      'collab processes and api processes with COLLAB=off share documents and studio changes through Redis',
    );
  }
  if (serves) return true;
  if (role === 'collab') throw new ConfigError('COLLAB', 'a collab process serves collaborative editing');
  if (role === 'all') {
    throw new ConfigError(
      'COLLAB',
      'ROLE=all is the only process: nothing else would serve collaborative editing',
    );
  }
  return false;
}

/** Reads and validates the environment once at start; a bad variable stops the process with its name. */
export function loadConfig(env: Env, cwd = process.cwd()): AppConfig {
  const databaseUrl = readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const role = readRole(env, databaseUrl);
  const port = readPort(env, 'PORT', 3000);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}`);
  }
  const dataDir = path.resolve(cwd, env.DATA_DIR || './data');
  return {
    role,
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
    ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
    ffprobePath: env.FFPROBE_PATH || 'ffprobe',
    assessmentRetakeCoolDownMinutes: readMinutes(env, 'ASSESSMENT_RETAKE_COOLDOWN_MINUTES', 24 * 60),
    ai: readAiModel(env),
    collabRedis: readCollabRedis(env),
    servesCollab: readServesCollab(env, role, readCollabRedis(env)),
    runnerService: readRunnerService(env, role, port),
    instancesService: readInstancesService(env, role, port),
    preparedInstances: readPreparedInstances(env),
  };
}
