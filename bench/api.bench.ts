// GET /api/user/info (logged in, full stack: CSRF hook, session lookup, user row, presenter) against a
// bare Fastify route answering a constant, both measured in this run on this machine. Prints the ratio.
import type { AddressInfo } from 'node:net';
import {
  buildApp,
  createMailer,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  migrate,
  openPglite,
  openPostgres,
  seedDemo,
} from '@coderoom/server';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Measured {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

async function measure(name: string, url: string, headers: Record<string, string>): Promise<Measured> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ user_id: 1, email: 'bench@coderoom.dev' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });

  // DATABASE_URL measures against PostgreSQL instead of the embedded database.
  const database = process.env.DATABASE_URL ? openPostgres(process.env.DATABASE_URL) : await openPglite(null);
  await migrate(database);
  await seedDemo(database);
  const app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database,
    mailer: createMailer({ smtpUrl: null, from: 'bench@coderoom.dev', db: database.db }),
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // Log in like the browser: take the CSRF cookie, send it back in the header, keep the session cookie.
  const health = await fetch(`${appUrl}/api/health`);
  const csrf = /cr_csrf=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${appUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `cr_csrf=${csrf}` },
    body: JSON.stringify({ email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const session = /cr_session=([^;]+)/.exec(login.headers.getSetCookie().join('; '))?.[1];
  if (!session) throw new Error('no session cookie');

  const baseline = await measure(
    'bare Fastify route',
    `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`,
    {},
  );
  const userInfo = await measure('GET /api/user/info', `${appUrl}/api/user/info`, {
    cookie: `cr_session=${session}; cr_csrf=${csrf}`,
  });

  await app.close();
  await bare.close();
  await database.close();

  console.log(`\n${DURATION_SECONDS}s each, ${CONNECTIONS} connections, database: ${database.kind}\n`);
  for (const row of [baseline, userInfo]) {
    console.log(
      `${row.name.padEnd(22)} ${row.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${String(row.p99Ms).padStart(4)} ms   non-2xx ${row.non2xx}`,
    );
  }
  console.log(
    `\nratio user-info / bare: throughput ${(userInfo.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)}, p99 ${(userInfo.p99Ms / Math.max(baseline.p99Ms, 1)).toFixed(2)}x`,
  );
  if (userInfo.non2xx > 0) {
    console.error('user-info answered non-2xx responses: the measurement is not valid');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
