import { rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  createInstancesHttpService,
  createRemoteInstanceDriver,
  createRemoteRunner,
  createRunner,
  createRunnerHttpService,
  createRunnerProcess,
  type LanguageAvailability,
  type LiveInstanceDriver,
  type Runner,
} from '@coderoom/runner';
import { buildApp } from './app.js';
import { paymentProcessorFromEnv } from './modules/commerce/processor.config.js';
import { slackConfigFromEnv } from './modules/organizations/slack.config.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db/database.js';
import { migrate } from './platform/db/migrate.js';
import { createInstanceDriver, loadInstanceDriverConfig } from './platform/instances.config.js';
import { createMailer } from './platform/mail/mailer.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed/demo.js';
import { DEMO_ORGANIZATION, DEMO_ORGANIZATION_ACCOUNTS } from './seed/organizations.js';

// The built web app sits beside the server in the repository: apps/web/dist.
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  let paymentProcessor: ReturnType<typeof paymentProcessorFromEnv>;
  let slack: ReturnType<typeof slackConfigFromEnv>;
  let instanceDriver: ReturnType<typeof loadInstanceDriverConfig>;
  try {
    config = loadConfig(process.env);
    instanceDriver = loadInstanceDriverConfig(process.env);
    paymentProcessor = paymentProcessorFromEnv(process.env);
    slack = slackConfigFromEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  config.webDistDir ??= DEFAULT_WEB_DIST;
  const runnerConfig = { uidBase: uidBaseFromEnv('RUNNER_UID_BASE') };
  // A prepared pool of started bubblewrap instances (INSTANCE_PREPARED) only where instances are started:
  // the instances host, or an all/api process without one; workers and collab processes serve no learner.
  if (instanceDriver.kind === 'bwrap') {
    instanceDriver.bwrap.uidBase = uidBaseFromEnv('INSTANCE_UID_BASE');
    const startsInstances =
      config.role === 'instances' ||
      ((config.role === 'all' || config.role === 'api') && !config.instancesService?.url);
    instanceDriver.bwrap.prepared = startsInstances ? config.preparedInstances : {};
  }
  if (config.role === 'runner') {
    await serveRunner(config, localRunner(runnerConfig));
    return;
  }
  if (config.role === 'instances') {
    await serveInstances(config, createInstanceDriver(instanceDriver));
    return;
  }

  const database = await openDatabase(config);
  const applied = await migrate(database);
  // ROLE=migrate: a deployment's migration job (deploy/kubernetes/migrate-job.yaml) runs this and exits.
  if (config.role === 'migrate') {
    console.log(
      `migrations: ${applied.length} applied${applied.length > 0 ? `, the last ${applied.at(-1)}` : ''}`,
    );
    if (config.seedDemo) await seedDemo(database);
    await database.close();
    return;
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  // A collab process only loads and stores documents: it runs no code and starts no instance.
  const isCollab = config.role === 'collab';
  // The runner role runs in a small child process of its own (RUNNER_IN_PROCESS=1 keeps it in this one):
  // starting a sandbox forks, and forking this large process would block the API for ~20 ms each time
  // (docs/runner.md). It refuses user code (with a clear message) if the host cannot create sandboxes.
  // The uid ranges can be moved (RUNNER_UID_BASE, INSTANCE_UID_BASE) so that two servers on one host —
  // parallel end-to-end runs — never sweep each other's sandbox processes.
  // With RUNNER_URLS the code runs on runner hosts (ROLE=runner) instead, and this process needs no sandbox.
  const runner: Runner | null = isCollab
    ? null
    : config.runnerService
      ? createRemoteRunner({
          addresses: config.runnerService.urls,
          secret: config.runnerService.secret,
          log: (message, error) => console.warn(message, error instanceof Error ? error.message : ''),
        })
      : localRunner(runnerConfig);
  // Live instances: bubblewrap on this host (default) or Docker containers (INSTANCE_DRIVER=docker); with
  // INSTANCES_URL, on the instances host (ROLE=instances), and the app proxy relays through it.
  const instances = isCollab
    ? null
    : config.instancesService?.url
      ? createRemoteInstanceDriver({
          address: config.instancesService.url,
          secret: config.instancesService.secret,
        })
      : createInstanceDriver(instanceDriver);
  // ROLE=api leaves the job queue to worker processes; a worker or collab process serves no web app
  // (docs/deploy.md).
  if (config.role === 'worker' || isCollab) config.webDistDir = null;
  const app = await buildApp({
    config,
    database,
    mailer,
    ...(runner ? { runner } : {}),
    ...(instances ? { instances } : {}),
    runJobs: config.role !== 'api' && !isCollab,
    collab: isCollab ? 'only' : config.servesCollab ? 'serve' : 'none',
    schedulePayouts: true,
    // The student plan's school domains (docs/growth.md); unset, the built-in list.
    ...(process.env.STUDENT_EMAIL_DOMAINS
      ? {
          studentEmailDomains: process.env.STUDENT_EMAIL_DOMAINS.split(',')
            .map((d) => d.trim())
            .filter(Boolean),
        }
      : {}),
    // Payments: the embedded sandbox, or the processor PAYMENT_PROCESSOR names (docs/commerce.md).
    ...(paymentProcessor ? { paymentProcessor } : {}),
    ...(process.env.STRIPE_WEBHOOK_SECRET ? { stripeWebhookSecret: process.env.STRIPE_WEBHOOK_SECRET } : {}),
    // Slack for organizations: SLACK_CLIENT_ID, SLACK_CLIENT_SECRET (docs/organizations.md).
    slack,
  });
  app.log.info(
    {
      role: config.role,
      database: database.kind,
      dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
      applied,
    },
    'database ready',
  );
  if (config.seedDemo) {
    const { created, imported, skipped } = await seedDemo(database);
    app.log.info({ created, imported }, 'demo seed done');
    for (const reason of skipped) app.log.warn({ reason }, 'demo content package skipped');
  }

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await runner?.close();
    await instances?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const exposed = config.host !== '127.0.0.1' && config.host !== 'localhost' && config.host !== '::1';
  const lines = [
    '',
    `  Coderoom is running at ${url}${config.role === 'all' ? '' : ` (ROLE=${config.role})`}`,
    exposed
      ? `  Listening on ${config.host}:${config.port}: reachable from other machines`
      : '  Listening on this machine only (HOST=0.0.0.0 exposes it)',
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (isCollab) lines.push('  Serves only collaborative editing (/api/collab) and /api/health');
  else lines.push(`  Mail: ${mailer.mode === 'smtp' ? 'SMTP_URL' : `dev mailbox at ${url}/admin/mailbox`}`);
  if (config.seedDemo) {
    lines.push(`  Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email}`);
    lines.push(`  ${DEMO_ORGANIZATION.name} (organization): admin, manager and member:`);
    for (const account of DEMO_ORGANIZATION_ACCOUNTS) lines.push(`    ${account.email}`);
  }
  console.log(`${lines.join('\n')}\n`);
  // Probing every toolchain takes a few seconds; the server answers meanwhile.
  void runner
    ?.languages()
    .then((languages) => console.log(`${describeLanguages(languages)}\n`))
    .catch((error: unknown) => app.log.warn({ err: error }, 'language probe failed'));
}

function localRunner(runnerConfig: { uidBase: number | undefined }): Runner {
  return process.env.RUNNER_IN_PROCESS === '1'
    ? createRunner(runnerConfig)
    : createRunnerProcess(runnerConfig);
}

/** Listens on a TCP port or a Unix socket path (a stale socket file is removed first). */
async function listenOn(
  server: Server,
  host: string,
  at: { port: number } | { path: string },
): Promise<string> {
  if ('path' in at) await rm(at.path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if ('path' in at) server.listen(at.path, resolve);
    else server.listen(at.port, host, resolve);
  });
  return 'path' in at ? `unix:${at.path}` : `http://${host}:${at.port}`;
}

/**
 * ROLE=runner: no database, no web app; the sandboxed runner behind an HTTP service that api processes
 * call with the shared secret (docs/runner.md, "The runner as a service").
 */
async function serveRunner(config: ReturnType<typeof loadConfig>, runner: Runner): Promise<void> {
  const service = config.runnerService;
  if (!service) throw new Error('ROLE=runner without its configuration');
  const server = createRunnerHttpService({
    runner,
    secret: service.secret,
    log: (message, error) => console.error(message, error),
  });
  const where = await listenOn(server, config.host, service.listen);
  const shutdown = async (signal: string) => {
    console.log(`runner: ${signal}, shutting down`);
    // Stop taking calls, let the ones running finish (each is capped at 30 s), then stop the sandboxes.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await runner.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  console.log(`\n  Coderoom runner host (ROLE=runner) listening at ${where}\n`);
  void runner
    .languages()
    .then((languages) => console.log(`${describeLanguages(languages)}\n`))
    .catch((error: unknown) => console.warn('language probe failed', error));
}

/**
 * ROLE=instances: no database, no web app; the live-instance driver behind an HTTP service that api
 * processes call with the shared secret (docs/containers.md, "Instances as a service").
 */
async function serveInstances(
  config: ReturnType<typeof loadConfig>,
  driver: LiveInstanceDriver,
): Promise<void> {
  const service = config.instancesService;
  if (!service) throw new Error('ROLE=instances without its configuration');
  const server = createInstancesHttpService({
    driver,
    secret: service.secret,
    log: (message, error) => console.error(message, error),
  });
  const where = await listenOn(server, config.host, service.listen);
  // Idle instances are stopped here, where they run (an api process's containers module does it too).
  const reclaim = setInterval(() => void driver.reclaimIdle().catch(() => {}), 60_000);
  const shutdown = async (signal: string) => {
    console.log(`instances: ${signal}, shutting down`);
    clearInterval(reclaim);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await driver.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  const status = await driver.driverStatus();
  console.log(
    `\n  Coderoom instances host (ROLE=instances, ${status.kind}) listening at ${where}` +
      `\n  ${status.available ? `capacity ${status.capacity}` : `unavailable: ${status.reason}`}\n`,
  );
}

function describeLanguages(languages: LanguageAvailability[]): string {
  const ready = languages.filter((language) => language.available).map((language) => language.label);
  const missing = languages.filter((language) => !language.available);
  const lines = [`  Code execution: ${ready.length > 0 ? ready.join(', ') : 'no language'} ready`];
  for (const language of missing)
    lines.push(`    ${language.label} unavailable: ${language.reason ?? 'unknown reason'}`);
  if (missing.length > 0)
    lines.push('    (as root, `bash scripts/install-runner-deps.sh` installs what is missing)');
  return lines.join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

function uidBaseFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1000 || value > 4_000_000) {
    console.error(`${name} must be an integer uid between 1000 and 4000000`);
    process.exit(1);
  }
  return value;
}
