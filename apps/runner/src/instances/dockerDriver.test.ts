import Docker from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCKER_OWNER_LABEL, DockerInstanceDriver } from './dockerDriver.js';
import { InstanceErrorCode, type InstanceHandle } from './types.js';

// The Docker driver against a real daemon and the image of scripts/docker-images.sh. Without a daemon (or
// without the image) the suite is skipped and says why: the default install needs no Docker.

const owner = `test-${process.pid}`;
const docker = new Docker({ socketPath: process.env.DOCKER_SOCKET ?? '/var/run/docker.sock' });
const probe = new DockerInstanceDriver({
  docker,
  owner: `${owner}-probe`,
  poolSize: 0,
  reclaimIntervalMs: 0,
});
const available = await probe.driverStatus();
await probe.close();
if (!available.available) console.log(`Docker driver tests skipped: ${available.reason}`);

const containersOf = async (name: string) =>
  docker.listContainers({ all: true, filters: { label: [`${DOCKER_OWNER_LABEL}=${name}`] } });

const connect = (host: string, port: number) =>
  `python3 -c 'import socket\ns=socket.socket()\ns.settimeout(2)\ntry:\n s.connect(("${host}",${port}))\n print("connected")\nexcept Exception as e:\n print(type(e).__name__)'`;

describe.skipIf(!available.available)('Docker live instances', () => {
  let clock = Date.now();
  const driver = new DockerInstanceDriver({
    docker,
    owner,
    poolSize: 1,
    maxInstances: 6,
    idleTimeoutMs: 60_000,
    reclaimIntervalMs: 0,
    now: () => clock,
    defaultLimits: { memoryMb: 96, processes: 32, execTimeoutMs: 10_000, cpuPercent: 50 },
  });
  let python: InstanceHandle;
  let node: InstanceHandle;

  beforeAll(async () => {
    await driver.warm();
    [python, node] = await Promise.all([
      driver.allocate({ profile: 'coderoom/python/3', env: { GREETING: 'hello' } }),
      driver.allocate({ profile: 'coderoom/node/20', files: [{ path: 'notes/a.txt', content: 'a' }] }),
    ]);
  });
  afterAll(() => driver.close());

  it('runs commands as the learner with the request environment and the starter files', async () => {
    const result = await driver.exec(python, 'echo "$GREETING"; id -u; ls');
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split('\n')).toEqual(['hello', '1000', 'app.py', '']);
    const version = await driver.exec(node, ['/usr/bin/node', '--version']);
    expect(version.stdout).toMatch(/^v20\./);
    expect((await driver.readFile(node, 'notes/a.txt'))?.toString()).toBe('a');
    expect(await driver.readFile(node, 'missing.txt')).toBeNull();
  });

  it('gives the container its limits, a read-only root, no network and no capabilities', async () => {
    const [entry] = (await containersOf(owner)).filter((found) => found.State === 'running');
    expect(entry).toBeDefined();
    const details = await docker.getContainer(entry?.Id ?? '').inspect();
    expect(details.HostConfig.ReadonlyRootfs).toBe(true);
    expect(details.HostConfig.NetworkMode).toBe('none');
    expect(details.HostConfig.Memory).toBe(96 * 1024 * 1024);
    expect(details.HostConfig.PidsLimit).toBe(32);
    expect(details.HostConfig.NanoCpus).toBe(500_000_000);
    const checks = await driver.exec(
      python,
      `touch /usr/x 2>/dev/null || echo readonly; ${connect('1.1.1.1', 80)}; grep -E '^Cap(Eff|Bnd)' /proc/self/status`,
    );
    expect(checks.stdout).toContain('readonly');
    expect(checks.stdout).not.toContain('connected');
    expect(checks.stdout).toContain('CapEff:\t0000000000000000');
    expect(checks.stdout).toContain('CapBnd:\t0000000000000000');
  });

  it("reaches the learner's app only through the driver", async () => {
    await driver.exec(python, 'nohup python3 app.py > /tmp/app.log 2>&1 &');
    const deadline = Date.now() + 10_000;
    while (!(await driver.ports(python)).includes(8000) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const answer = await driver.httpRequest(python, { port: 8000, method: 'GET', path: '/', headers: [] });
    expect(answer.kind).toBe('response');
    if (answer.kind === 'response') expect(answer.body.toString()).toBe('hello from coderoom');
    // The other instance has its own network: nothing listens there.
    expect((await driver.httpRequest(node, { port: 8000, method: 'GET', path: '/', headers: [] })).kind).toBe(
      'refused',
    );
  });

  it('counts an out-of-memory kill and refuses forks past the process limit', async () => {
    await driver.exec(python, 'python3 -c "x = bytearray(200 * 1024 * 1024)"');
    await driver.exec(python, 'for i in $(seq 1 60); do sleep 2 & done; wait', { timeoutMs: 8000 });
    const status = driver.status(python);
    // The sleeps end by themselves; then the instance answers again.
    const deadline = Date.now() + 15_000;
    let answered = false;
    while (!answered && Date.now() < deadline) {
      answered = await driver.exec(python, 'true').then(
        () => true,
        () => false,
      );
      if (!answered) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answered).toBe(true);
    expect(status.enforcement).toBe('docker');
    expect(status.oomKills).toBeGreaterThanOrEqual(1);
    expect(status.processLimitHits).toBeGreaterThanOrEqual(1);
    expect(status.workspace?.sizeBytes).toBe(128 * 1024 * 1024);
  });

  it('runs a check as another uid on a copy of the workspace, and ends it at its timeout', async () => {
    await driver.writeFiles(python, [{ path: 'secret.txt', content: 'only-mine', mode: 0o600 }]);
    const check = await driver.execCheck(
      python,
      'id -u; cat secret.txt; echo "$GREETING"; touch made-by-check',
    );
    expect(check.exitCode).toBe(0);
    expect(check.stdout.split('\n')).toEqual(['1001', 'only-mine' + 'hello', '']);
    expect(await driver.readFile(python, 'made-by-check')).toBeNull();
    const slow = await driver.execCheck(python, 'sleep 5', { timeoutMs: 500 });
    expect(slow.timedOut).toBe(true);
    expect(slow.exitCode).toBeNull();
  });

  it('opens a terminal', async () => {
    const terminal = await driver.openTerminal(node, { cols: 80, rows: 24 });
    let output = '';
    terminal.onData((data) => {
      output += data.toString();
    });
    terminal.write('echo $((6 * 7))x\n');
    const deadline = Date.now() + 10_000;
    while (!output.includes('42x') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(output).toContain('42x');
    terminal.close();
  });

  it('stops idle instances and removes their containers', async () => {
    const extra = await driver.allocate({ profile: 'coderoom/python/3' });
    clock += 30_000;
    await driver.exec(python, 'true');
    await driver.exec(node, 'true');
    clock += 40_000;
    // Only the one nobody used for the idle timeout (60 s) goes.
    expect(await driver.reclaimIdle()).toEqual([extra.id]);
    expect(driver.status(extra)).toMatchObject({ state: 'stopped', stopReason: 'idle' });
    await expect(driver.exec(extra, 'true')).rejects.toMatchObject({ code: InstanceErrorCode.NotRunning });
  });

  it('refuses unknown profiles and unsafe paths', async () => {
    await expect(driver.allocate({ profile: 'coderoom/cobol/1' })).rejects.toMatchObject({
      code: InstanceErrorCode.UnknownProfile,
    });
    await expect(
      driver.allocate({ profile: 'coderoom/python/3', files: [{ path: '../x', content: '' }] }),
    ).rejects.toMatchObject({ code: InstanceErrorCode.InvalidRequest });
  });

  it('removes the containers an earlier run of the same owner left behind', async () => {
    const crashedOwner = `${owner}-orphans`;
    const earlier = new DockerInstanceDriver({
      docker,
      owner: crashedOwner,
      poolSize: 0,
      reclaimIntervalMs: 0,
    });
    const left = await earlier.allocate({ profile: 'coderoom/python/3' });
    expect((await containersOf(crashedOwner)).length).toBe(1);
    // A new driver of that owner (a restarted server) starts by removing it.
    const restarted = new DockerInstanceDriver({
      docker,
      owner: crashedOwner,
      poolSize: 0,
      reclaimIntervalMs: 0,
    });
    await restarted.warm();
    expect(restarted.orphansRemoved).toBe(1);
    expect(await containersOf(crashedOwner)).toEqual([]);
    const deadline = Date.now() + 5000;
    while (earlier.status(left).state !== 'stopped' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(earlier.status(left).stopReason).toBe('crashed');
    await Promise.all([earlier.close(), restarted.close()]);
  });

  it('leaves no container behind when it closes', async () => {
    const closing = new DockerInstanceDriver({
      docker,
      owner: `${owner}-close`,
      poolSize: 1,
      reclaimIntervalMs: 0,
    });
    await closing.warm();
    await closing.allocate({ profile: 'coderoom/node/20' });
    await closing.close();
    expect(await containersOf(`${owner}-close`)).toEqual([]);
  });
});
