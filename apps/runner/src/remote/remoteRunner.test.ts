import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunnerError } from '../errors.js';
import type { Runner } from '../runner.js';
import type { ExecuteRequest, RunOptions } from '../types.js';
import {
  createRunnerHttpService,
  RUNNER_CALL_PATH,
  RUNNER_HEALTH_PATH,
  RunnerServiceMessages,
} from './httpService.js';
import { createRemoteRunner, RemoteRunnerMessages } from './remoteRunner.js';
import { createRunnerProcess } from './runnerProcess.js';

const SECRET = 'a-shared-secret-of-the-test';
const SLOW = { language: 'python3', source_code: 'import time\ntime.sleep(3)\nprint("slow done")' };

/** A runner host: a real sandboxed runner behind the HTTP service, counting the runs it was given. */
interface Host {
  runner: Runner;
  server: Server;
  address: string;
  executed: number;
}

async function startHost(
  uidBase: number,
  where: 'tcp' | 'unix',
  capacity: { slots: number; queueSize: number } = { slots: 2, queueSize: 8 },
): Promise<Host> {
  // A process of its own per host, as in production (two runners in one process would share its cgroups).
  const runner = createRunnerProcess({ ...capacity, uidBase });
  const host: Host = { runner, server: null as unknown as Server, address: '', executed: 0 };
  const counting: Runner = {
    ...runner,
    execute: (request: ExecuteRequest, options?: RunOptions) => {
      host.executed += 1;
      return runner.execute(request, options);
    },
  };
  host.server = createRunnerHttpService({ runner: counting, secret: SECRET });
  if (where === 'unix') {
    const socket = path.join(mkdtempSync(path.join(tmpdir(), 'runner-host-')), 'runner.sock');
    await new Promise<void>((resolve) => host.server.listen(socket, resolve));
    host.address = `unix:${socket}`;
  } else {
    await new Promise<void>((resolve) => host.server.listen(0, '127.0.0.1', resolve));
    host.address = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}`;
  }
  return host;
}

/** What a dead machine looks like to its callers: the connections drop and nothing listens any more. */
function kill(host: Host): void {
  host.server.close();
  host.server.closeAllConnections();
}

describe('the runner as a network service', () => {
  let tcp: Host;
  let unix: Host;
  beforeAll(async () => {
    tcp = await startHost(66100, 'tcp');
    unix = await startHost(66200, 'unix');
  });
  afterAll(async () => {
    for (const host of [tcp, unix]) {
      if (host.server.listening) kill(host);
      await host.runner.close();
    }
  });

  it('answers health unauthenticated and refuses calls without the secret, unknown paths and bad bodies', async () => {
    const health = await fetch(`${tcp.address}${RUNNER_HEALTH_PATH}`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const call = (headers: Record<string, string>, body: string, url = `${tcp.address}${RUNNER_CALL_PATH}`) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const execute = JSON.stringify({
      method: 'execute',
      request: { language: 'python3', source_code: 'print(1)' },
    });
    const before = tcp.executed;
    const noSecret = await call({}, execute);
    expect(noSecret.status).toBe(401);
    expect(await noSecret.json()).toEqual({ message: RunnerServiceMessages.Unauthorized });
    const wrongSecret = await call({ authorization: `Bearer ${SECRET}x` }, execute);
    expect(wrongSecret.status).toBe(401);
    // Refused before the runner: nothing ran.
    expect(tcp.executed).toBe(before);

    const auth = { authorization: `Bearer ${SECRET}` };
    expect((await call(auth, execute, `${tcp.address}/v1/other`)).status).toBe(404);
    const notJson = await call(auth, '{"method":');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ message: RunnerServiceMessages.BadRequest });
    expect((await call(auth, JSON.stringify({ method: 'rm -rf' }))).status).toBe(400);

    const ran = await call(auth, execute);
    expect(ran.status).toBe(200);
    expect(await ran.json()).toMatchObject({ ok: true, value: { status: 'ok', stdout: '1\n' } });
  });

  it("runs code on the hosts over TCP and a Unix socket, and keeps a refused request's code and field", async () => {
    const remote = createRemoteRunner({ addresses: [tcp.address, unix.address], secret: SECRET });
    try {
      const before = { tcp: tcp.executed, unix: unix.executed };
      const results = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          remote.execute({
            language: 'python3',
            source_code: `import time\ntime.sleep(0.3)\nprint(${n} * 6)`,
          }),
        ),
      );
      expect(results.map((result) => result.stdout)).toEqual(['6\n', '12\n', '18\n', '24\n']);
      // Four calls at once go to the host with the fewest in flight: both hosts get two.
      expect(tcp.executed - before.tcp).toBe(2);
      expect(unix.executed - before.unix).toBe(2);

      const judged = await remote.judge({
        language: 'python3',
        source_code: 'print(int(input()) + 1)',
        test_cases: [
          { input: '1', expected_output: '2' },
          { input: '2', expected_output: '4' },
        ],
      });
      expect(judged.cases.map((item) => item.verdict)).toEqual(['passed', 'wrong_answer']);

      const refused = await remote.execute({ language: 'cobol', source_code: 'x' }).catch((error) => error);
      expect(refused).toBeInstanceOf(RunnerError);
      expect(refused).toMatchObject({ code: 'invalid_request', status: 400, field: 'language' });
      // A runner's own answer is final: the other host is not asked again.
      expect(remote.hosts().every((host) => !host.down)).toBe(true);
    } finally {
      await remote.close();
    }
  });

  it('cancels a run on its host when the caller aborts', async () => {
    const remote = createRemoteRunner({ addresses: [tcp.address], secret: SECRET });
    try {
      const controller = new AbortController();
      const run = remote.execute(SLOW, { signal: controller.signal });
      await expect.poll(async () => (await tcp.runner.status()).busy, { timeout: 10_000 }).toBe(1);
      controller.abort();
      await expect(run).rejects.toMatchObject({ code: 'cancelled' });
      await expect.poll(async () => (await tcp.runner.status()).busy, { timeout: 10_000 }).toBe(0);
    } finally {
      await remote.close();
    }
  });

  it('refuses with a clear error when the secret differs, without taking the host out', async () => {
    const remote = createRemoteRunner({ addresses: [tcp.address, unix.address], secret: `${SECRET}-other` });
    try {
      const refused = await remote.execute({ language: 'python3', source_code: 'print(1)' }).catch((e) => e);
      expect(refused).toMatchObject({ code: 'internal', message: RemoteRunnerMessages.Refused });
      expect(remote.hosts().every((host) => !host.down)).toBe(true);
    } finally {
      await remote.close();
    }
  });

  it('takes a dead host out and sends its runs to another; tries it again later', async () => {
    let clock = 1_000_000;
    const spare = await startHost(66300, 'tcp');
    const doomed = await startHost(66400, 'tcp');
    const remote = createRemoteRunner({
      addresses: [doomed.address, spare.address],
      secret: SECRET,
      downForMs: 5_000,
      now: () => clock,
    });
    try {
      // Two slow runs at once: one lands on each host. The host running one of them dies mid-run.
      const runs = [remote.execute(SLOW), remote.execute(SLOW)];
      await expect.poll(async () => (await doomed.runner.status()).busy, { timeout: 10_000 }).toBe(1);
      kill(doomed);
      const results = await Promise.all(runs);
      expect(results.map((result) => result.stdout)).toEqual(['slow done\n', 'slow done\n']);
      // The dead host's run was sent again to the spare one.
      expect(spare.executed).toBe(2);
      expect(remote.hosts().find((host) => host.address === doomed.address)?.down).toBe(true);

      // While it is out, calls go straight to the others.
      await remote.execute({ language: 'python3', source_code: 'print(7)' });
      expect(spare.executed).toBe(3);

      // Nothing reachable at all: a clear error, not a hang.
      kill(spare);
      const none = await remote.execute({ language: 'python3', source_code: 'print(1)' }).catch((e) => e);
      expect(none).toMatchObject({ code: 'sandbox_unavailable', message: RemoteRunnerMessages.NoHost });

      // Later it is tried again (and found back, here on the same port).
      clock += 5_001;
      const port = Number(new URL(doomed.address).port);
      const revived = createRunnerHttpService({ runner: doomed.runner, secret: SECRET });
      await new Promise<void>((resolve) => revived.listen(port, '127.0.0.1', resolve));
      try {
        const result = await remote.execute({ language: 'python3', source_code: 'print(8)' });
        expect(result.stdout).toBe('8\n');
        expect(remote.hosts().find((host) => host.address === doomed.address)?.down).toBe(false);
      } finally {
        revived.close();
        revived.closeAllConnections();
      }
    } finally {
      await remote.close();
      await spare.runner.close();
      await doomed.runner.close();
    }
  });

  it('offers a run a full host refused to the other hosts, and says busy only when every host is full', async () => {
    const full = await startHost(66500, 'tcp', { slots: 1, queueSize: 0 });
    const roomy = await startHost(66600, 'tcp', { slots: 1, queueSize: 0 });
    const remote = createRemoteRunner({ addresses: [full.address, roomy.address], secret: SECRET });
    const occupying: Array<Promise<unknown>> = [];
    try {
      // Another API process's run holds the full host's only slot.
      occupying.push(full.runner.execute(SLOW));
      await expect.poll(async () => (await full.runner.status()).busy, { timeout: 10_000 }).toBe(1);

      // Two calls in a row: hosts with equal load are taken in turn, so one of them is offered to the full
      // host first; it refuses (queue_full) and the run goes to the other one. Both succeed.
      const results = [
        await remote.execute({ language: 'python3', source_code: 'print(1)' }),
        await remote.execute({ language: 'python3', source_code: 'print(2)' }),
      ];
      expect(results.map((result) => result.stdout)).toEqual(['1\n', '2\n']);
      expect(full.executed).toBe(1);
      expect(roomy.executed).toBe(2);
      // Being full is not being down.
      expect(remote.hosts().every((host) => !host.down)).toBe(true);

      // Every host full: the runner's own busy answer, with its code, for the learner.
      occupying.push(roomy.runner.execute(SLOW));
      await expect.poll(async () => (await roomy.runner.status()).busy, { timeout: 10_000 }).toBe(1);
      const refused = await remote.execute({ language: 'python3', source_code: 'print(3)' }).catch((e) => e);
      expect(refused).toBeInstanceOf(RunnerError);
      expect(refused).toMatchObject({ code: 'queue_full', status: 429 });
    } finally {
      await Promise.allSettled(occupying);
      await remote.close();
      for (const host of [full, roomy]) {
        kill(host);
        await host.runner.close();
      }
    }
  });
});
