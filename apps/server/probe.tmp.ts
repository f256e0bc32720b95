import type { AddressInfo } from 'node:net';
import { createRunnerProcess } from '@coderoom/runner';
import { buildApp } from './src/app.js';
import { openPglite } from './src/platform/db/database.js';
import { migrate } from './src/platform/db/migrate.js';
import { createMailer } from './src/platform/mail/mailer.js';
const N = Number(process.env.N ?? 40);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const inner = createRunnerProcess({ uidBase: 65150, queueSize: 64 });
const runnerTimes: number[] = [];
const runner = { ...inner, execute: async (r: any, o: any) => { const t = performance.now(); const x = await inner.execute(r, o); runnerTimes.push(performance.now() - t); return x; } };
const database = await openPglite(null);
await migrate(database);
const app = await buildApp({
  config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
  database, mailer: createMailer({ smtpUrl: null, from: 'bench@coderoom.dev', db: database.db }), runner: runner as never, logger: false,
} as never);
const serverTimes: number[] = [];
app.addHook('onRequest', async (req) => { (req as any).t0 = performance.now(); });
app.addHook('onResponse', async (req) => { if (req.url === '/api/code/execute') serverTimes.push(performance.now() - (req as any).t0); });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const csrf = 'bench-csrf-token';
const response = await fetch(`${base}/api/user/signup`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `cr_csrf=${csrf}` }, body: JSON.stringify({ email: `p${Date.now()}@example.com`, password: 'Bench!2026x', full_name: 'Bench' }) });
const session = /cr_session=([^;]+)/.exec(response.headers.getSetCookie().join('; '))?.[1];
const cookie = `cr_session=${session}; cr_csrf=${csrf}`;
const e: number[] = [];
for (let i = 0; i < N; i++) {
  const t = performance.now();
  const res = await fetch(`${base}/api/code/execute`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie }, body: JSON.stringify({ language: 'python3', source_code: 'print("hello")' }) });
  await res.text(); e.push(performance.now() - t);
}
console.log(`client ${median(e).toFixed(1)} server ${median(serverTimes).toFixed(1)} runner ${median(runnerTimes).toFixed(1)}`);
await app.close(); await database.close(); await inner.close();
