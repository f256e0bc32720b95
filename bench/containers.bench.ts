// Live instances under load (run as root; bubblewrap installed, Docker optional). Allocates 20 instances at
// once through the bubblewrap driver, without and with its prepared pool, and, when a Docker daemon and the instance image are there
// (scripts/docker-images.sh instance), through the Docker driver with its prepared pool and without one;
// then measures the API (GET /api/health, GET /api/instances) idle and while every instance runs a busy
// loop. Prints allocation p50/p95 and API latency p50/p95 per driver; never fails on speed.
import { CSRF_COOKIE, CSRF_HEADER } from '@coderoom/contracts';
import {
  createBwrapInstanceDriver,
  createDockerInstanceDriver,
  type InstanceHandle,
  type LiveInstanceDriver,
} from '@coderoom/runner';
import { buildApp, createMailer, migrate, openPglite } from '@coderoom/server';

const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 20);
const REQUESTS = Number(process.env.BENCH_API_REQUESTS ?? 100);
/** The same limits for every driver (lower than the defaults, so 20 fit in this machine's memory). */
const LIMITS = { memoryMb: 128, processes: 32 };

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ??
  Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const database = await openPglite(null);
await migrate(database);

interface Measured {
  label: string;
  allocation: number[];
  wall: number;
}
const results: Measured[] = [];

async function bench(label: string, driver: LiveInstanceDriver, prepare?: () => Promise<void>) {
  const status = await driver.driverStatus();
  if (!status.available) {
    console.log(`\n${label}: unavailable here: ${status.reason}`);
    await driver.close();
    return;
  }
  await prepare?.();
  const app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database,
    mailer: createMailer({ smtpUrl: null, from: 'bench@coderoom.dev', db: database.db }),
    instances: driver,
    logger: false,
  });
  await app.ready();

  // A logged-in client for /api/instances.
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  const cookies = Object.fromEntries(health.cookies.map((cookie) => [cookie.name, cookie.value]));
  const signup = await app.inject({
    method: 'POST',
    url: '/api/user/signup',
    headers: { [CSRF_HEADER]: cookies[CSRF_COOKIE] ?? '' },
    cookies,
    payload: {
      email: `bench-${results.length}-${Date.now()}@example.com`,
      password: 'Str0ng!Pass',
      full_name: 'Bench',
    },
  });
  for (const cookie of signup.cookies) cookies[cookie.name] = cookie.value;
  if (signup.statusCode !== 201)
    console.log(`signup answered ${signup.statusCode}; /api/instances will be 401s`);

  async function apiLatency(url: string): Promise<number[]> {
    const times: number[] = [];
    for (let index = 0; index < REQUESTS; index += 1) {
      const started = performance.now();
      await app.inject({ method: 'GET', url, cookies });
      times.push(performance.now() - started);
    }
    return times;
  }

  const idleHealth = await apiLatency('/api/health');
  const idleList = await apiLatency('/api/instances');

  const allocationTimes: number[] = [];
  const startedAll = performance.now();
  const handles = await Promise.all(
    Array.from({ length: INSTANCES }, async (_, index) => {
      const started = performance.now();
      const handle = await driver.allocate({
        profile: index % 2 === 0 ? 'coderoom/python/3' : 'coderoom/node/20',
      });
      allocationTimes.push(performance.now() - started);
      return handle;
    }),
  );
  const allocationWall = performance.now() - startedAll;
  results.push({ label, allocation: allocationTimes, wall: allocationWall });

  // Load: every instance spins a CPU-bound loop (the learner's app gone wild) while the API is measured.
  const load = handles.map((handle: InstanceHandle) =>
    driver.exec(handle, 'timeout 20 sh -c "while :; do :; done"', { timeoutMs: 25_000 }).catch(() => null),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const loadedHealth = await apiLatency('/api/health');
  const loadedList = await apiLatency('/api/instances');
  const echoStarted = performance.now();
  const echo = await driver.exec(handles[0] as InstanceHandle, 'echo hi');
  const echoMs = performance.now() - echoStarted;

  const statuses = handles.map((handle) => driver.status(handle));
  console.log(`\n${label}: ${INSTANCES} at once, ${statuses[0]?.enforcement} limits, 2 shared cores`);
  console.log(
    `  allocation: p50 ${ms(percentile(allocationTimes, 50))}, p95 ${ms(percentile(allocationTimes, 95))}, all ${INSTANCES} in ${ms(allocationWall)}`,
  );
  console.log(`  exec "echo hi" in a loaded instance: ${ms(echoMs)} (${JSON.stringify(echo.stdout)})`);
  console.log('  API latency (p50 / p95)            idle                  under load');
  for (const [name, idle, loaded] of [
    ['GET /api/health   ', idleHealth, loadedHealth],
    ['GET /api/instances', idleList, loadedList],
  ] as const) {
    console.log(
      `    ${name}            ${ms(percentile(idle, 50))} / ${ms(percentile(idle, 95))}     ${ms(percentile(loaded, 50))} / ${ms(percentile(loaded, 95))}`,
    );
  }
  console.log(
    `  all instances running: ${statuses.every((entry) => entry.state === 'running')}, OOM kills: ${statuses.reduce((sum, entry) => sum + entry.oomKills, 0)}`,
  );

  await Promise.all(handles.map((handle) => driver.stop(handle)));
  await Promise.all(load);
  await app.close();
  await driver.close();
}

await bench(
  'bubblewrap, no pool',
  createBwrapInstanceDriver({ maxInstances: INSTANCES + 2, reclaimIntervalMs: 0, defaultLimits: LIMITS }),
);
// Bubblewrap with prepared instances for the burst (half per profile; docs/containers.md, "Prepared pool").
// The pool fills in the background (one sandbox at a time) before the allocations are timed.
const perProfile = Math.ceil(INSTANCES / 2);
const bwrapPooled = createBwrapInstanceDriver({
  maxInstances: INSTANCES + 2,
  reclaimIntervalMs: 0,
  defaultLimits: LIMITS,
  prepared: { 'coderoom/python/3': perProfile, 'coderoom/node/20': perProfile },
});
await bench(`bubblewrap, pool of ${perProfile} per profile`, bwrapPooled, async () => {
  const started = performance.now();
  while (Object.values(bwrapPooled.preparedCounts()).some((count) => count < perProfile)) {
    if (performance.now() - started > 120_000) throw new Error('the prepared pool did not fill in 120 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.log(`
bubblewrap pool of ${perProfile} per profile filled in ${ms(performance.now() - started)}`);
});
// The Docker driver with a prepared pool big enough for the burst (half per profile), then without a pool.
const pooled = createDockerInstanceDriver({
  owner: `bench-${process.pid}`,
  maxInstances: INSTANCES + 2,
  poolSize: Math.ceil(INSTANCES / 2),
  reclaimIntervalMs: 0,
  defaultLimits: LIMITS,
});
await bench(`docker, pool of ${Math.ceil(INSTANCES / 2)} per profile`, pooled, () => pooled.warm());
const cold = createDockerInstanceDriver({
  owner: `bench-${process.pid}-cold`,
  maxInstances: INSTANCES + 2,
  poolSize: 0,
  reclaimIntervalMs: 0,
  defaultLimits: LIMITS,
});
await bench('docker, no pool (a container started per allocation)', cold, () => cold.warm());

console.log(`\nAllocation of ${INSTANCES} concurrent instances, same run:`);
console.log('  driver                                                  p50          p95          all');
for (const entry of results) {
  console.log(
    `  ${entry.label.padEnd(54)}  ${ms(percentile(entry.allocation, 50)).padEnd(11)}  ${ms(percentile(entry.allocation, 95)).padEnd(11)}  ${ms(entry.wall)}`,
  );
}
const base = results[0];
for (const entry of results.slice(1)) {
  if (base) {
    console.log(
      `  ${entry.label}: p50 ${(percentile(entry.allocation, 50) / percentile(base.allocation, 50)).toPrecision(2)}× bubblewrap's without a pool`,
    );
  }
}
await database.close();
