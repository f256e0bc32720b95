import { DockerInstanceDriver } from '@coderoom/runner';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/database.js';
import { liveWorks } from '../../test/factories.js';
import { openTestDatabase, signUp } from '../../test/harness.js';

// The live-instance API over the Docker driver (INSTANCE_DRIVER=docker, docs/containers.md): the same
// routes as with bubblewrap, each step of a learner's app in a real container. Skipped, saying why, when
// no Docker daemon answers or the instance image is not built (scripts/docker-images.sh instance).

const owner = `routes-${process.pid}`;
const socketPath = process.env.DOCKER_SOCKET ?? '/var/run/docker.sock';
const probe = new DockerInstanceDriver({
  socketPath,
  owner: `${owner}-probe`,
  poolSize: 0,
  reclaimIntervalMs: 0,
});
const status = await probe.driverStatus();
await probe.close();
if (!status.available) console.log(`Docker driver route tests skipped: ${status.reason}`);

const containerInfo = JSON.stringify({
  version: '8.0',
  container: { imageName: 'coderoom/python/3' },
  envs: [{ key: 'GREETING', value: 'hi from the config' }],
  jobs: [
    {
      key: 'serve',
      name: 'Serve',
      runScript: 'nohup python3 app.py > /tmp/app.log 2>&1 & echo "$GREETING"',
      runInLiveContainer: true,
    },
  ],
});

describe.skipIf(!status.available)('live instances on Docker', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let database: Database;
  const driver = new DockerInstanceDriver({ socketPath, owner, poolSize: 1, reclaimIntervalMs: 0 });
  const work = liveWorks(() => database);

  beforeAll(async () => {
    const opened = await openTestDatabase();
    database = opened.database;
    drop = opened.drop;
    app = await buildApp({
      config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
      database,
      mailer: { mode: 'dev', send: async () => undefined } as never,
      instances: driver,
      logger: false,
    });
    await app.ready();
    await driver.warm();
  });
  afterAll(async () => {
    await app.close();
    await driver.close();
    await drop();
  });

  it('allocates, updates and pings the app, proxies it and stops the container', async () => {
    const { client } = await signUp(app);
    const allocated = await client.post(`/api/instances/${await work()}/allocate`, {
      work_type: 'cloud_lab',
      container_info: containerInfo,
    });
    expect(allocated.statusCode).toBe(200);
    const { instance_id: id, request_id: requestId, vm_status } = allocated.json();
    expect(vm_status).toBe('allocated');
    const image = await client.get(`/api/instances/${id}/image/status?request_id=${requestId}`);
    expect(image.json().status).toBe('pulled');
    const daemon = await client.get(`/api/instances/${id}/int-daemon/status?request_id=${requestId}`);
    expect(daemon.json().status).toBe('running');

    const updated = await client.post(`/api/instances/${id}/update-app`, {
      files: [{ path: 'message.txt', content: 'written through the API' }],
    });
    expect(updated.json()).toMatchObject({ status: 'updated', output: 'hi from the config\n' });
    const deadline = Date.now() + 10_000;
    let ping = await client.get(`/api/instances/${id}/ping-app?port=8000`);
    while (ping.json().status !== 'running' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ping = await client.get(`/api/instances/${id}/ping-app?port=8000`);
    }
    expect(ping.json().status).toBe('running');
    const proxied = await client.get(`/api/instances/${id}/app/8000/`);
    expect(proxied.statusCode).toBe(200);
    expect(proxied.body).toBe('hello from coderoom');

    const other = await signUp(app);
    expect((await other.client.get(`/api/instances/${id}/ping-app?port=8000`)).statusCode).toBe(404);

    const stopped = await client.request('DELETE', `/api/instances/${id}`);
    expect(stopped.json()).toEqual({ status: 'offline' });
    expect((await client.get('/api/instances')).json()[id]).toBeUndefined();
  });
});
