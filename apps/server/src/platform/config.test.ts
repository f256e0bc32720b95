import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/app/data');
    expect(config.databaseUrl).toBeNull();
    expect(config.seedDemo).toBe(true);
    expect(config.host).toBe('127.0.0.1');
    expect(config.logFormat).toBe('pretty');
  });

  it('runs every role in one process unless ROLE names one, which needs PostgreSQL', () => {
    expect(loadConfig({}).role).toBe('all');
    const postgres = 'postgres://db.example/coderoom';
    expect(loadConfig({ ROLE: 'api', DATABASE_URL: postgres }).role).toBe('api');
    expect(loadConfig({ ROLE: 'worker', DATABASE_URL: postgres }).role).toBe('worker');
    expect(() => loadConfig({ ROLE: 'api' })).toThrow(/ROLE.*DATABASE_URL/);
    const redis = 'redis://127.0.0.1:6379';
    expect(loadConfig({ ROLE: 'collab', DATABASE_URL: postgres, REDIS_URL: redis }).role).toBe('collab');
    expect(() => loadConfig({ ROLE: 'collab' })).toThrow(/ROLE.*DATABASE_URL/);
    expect(() => loadConfig({ ROLE: 'collab', DATABASE_URL: postgres })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ ROLE: 'web', DATABASE_URL: postgres })).toThrow(
      /expected all, api, worker, collab, runner, instances, migrate/,
    );
    expect(loadConfig({ ROLE: 'migrate', DATABASE_URL: postgres }).role).toBe('migrate');
    expect(() => loadConfig({ ROLE: 'migrate' })).toThrow(/ROLE.*DATABASE_URL/);
  });

  it('hands the collaborative-editing socket to collab processes only in a split deployment', () => {
    const postgres = 'postgres://db.example/coderoom';
    expect(loadConfig({}).servesCollab).toBe(true);
    expect(loadConfig({ ROLE: 'api', DATABASE_URL: postgres }).servesCollab).toBe(true);
    const redis = 'redis://127.0.0.1:6379';
    expect(
      loadConfig({ ROLE: 'api', DATABASE_URL: postgres, COLLAB: 'off', REDIS_URL: redis }).servesCollab,
    ).toBe(false);
    expect(() => loadConfig({ ROLE: 'api', DATABASE_URL: postgres, COLLAB: 'off' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ COLLAB: 'off', REDIS_URL: redis })).toThrow(/COLLAB.*only process/);
    expect(() =>
      loadConfig({ ROLE: 'collab', DATABASE_URL: postgres, COLLAB: 'off', REDIS_URL: redis }),
    ).toThrow(/COLLAB/);
  });

  it('configures the runner service: a runner host needs no database but a secret; callers name the hosts', () => {
    const secret = 'sixteen-chars-or-more';
    expect(loadConfig({}).runnerService).toBeNull();
    const host = loadConfig({ ROLE: 'runner', RUNNER_SECRET: secret, PORT: '4100' });
    expect(host.role).toBe('runner');
    expect(host.runnerService).toEqual({ secret, listen: { port: 4100 }, urls: [] });
    expect(
      loadConfig({ ROLE: 'runner', RUNNER_SECRET: secret, RUNNER_LISTEN: '/run/coderoom/runner.sock' })
        .runnerService?.listen,
    ).toEqual({ path: '/run/coderoom/runner.sock' });
    expect(() => loadConfig({ ROLE: 'runner' })).toThrow(/RUNNER_SECRET.*16/);
    expect(() => loadConfig({ ROLE: 'runner', RUNNER_SECRET: 'short' })).toThrow(/RUNNER_SECRET/);
    expect(() =>
      loadConfig({ ROLE: 'runner', RUNNER_SECRET: secret, RUNNER_URLS: 'http://10.0.0.2:4100' }),
    ).toThrow(/RUNNER_URLS/);

    const caller = loadConfig({
      RUNNER_URLS: 'http://10.0.0.2:4100, unix:/run/coderoom/runner.sock',
      RUNNER_SECRET: secret,
    });
    expect(caller.runnerService?.urls).toEqual(['http://10.0.0.2:4100', 'unix:/run/coderoom/runner.sock']);
    expect(() => loadConfig({ RUNNER_URLS: 'http://10.0.0.2:4100' })).toThrow(/RUNNER_SECRET/);
    expect(() => loadConfig({ RUNNER_URLS: 'ftp://10.0.0.2', RUNNER_SECRET: secret })).toThrow(/RUNNER_URLS/);
    expect(() => loadConfig({ RUNNER_URLS: 'http://10.0.0.2', RUNNER_SECRET: secret })).toThrow(
      /RUNNER_URLS/,
    );
  });

  it('configures the instances service: a host with the secret and no database, api processes naming it', () => {
    const secret = 'sixteen-chars-or-more';
    expect(loadConfig({}).instancesService).toBeNull();
    const host = loadConfig({ ROLE: 'instances', INSTANCES_SECRET: secret, INSTANCES_LISTEN: '4200' });
    expect(host.instancesService).toEqual({ secret, listen: { port: 4200 }, url: null });
    expect(() => loadConfig({ ROLE: 'instances' })).toThrow(/INSTANCES_SECRET/);
    expect(() =>
      loadConfig({ ROLE: 'instances', INSTANCES_SECRET: secret, INSTANCES_URL: 'http://10.0.0.3:4200' }),
    ).toThrow(/INSTANCES_URL/);
    const caller = loadConfig({
      INSTANCES_URL: 'unix:/run/coderoom/instances.sock',
      INSTANCES_SECRET: secret,
    });
    expect(caller.instancesService?.url).toBe('unix:/run/coderoom/instances.sock');
    expect(() => loadConfig({ INSTANCES_URL: 'http://10.0.0.3:4200' })).toThrow(/INSTANCES_SECRET/);
    expect(() => loadConfig({ INSTANCES_URL: 'ftp://x', INSTANCES_SECRET: secret })).toThrow(/INSTANCES_URL/);
  });

  it('exposes the server only when HOST says so', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('logs JSON when asked or in production', () => {
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('turns the demo seed off by default for PostgreSQL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/test' });
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/test', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
  });

  it('shares collaborative documents through Redis only when REDIS_URL names one', () => {
    expect(loadConfig({}).collabRedis).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).collabRedis).toEqual({
      url: 'redis://127.0.0.1:6379',
      prefix: 'coderoom:collab',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://cache:6380/2', REDIS_PREFIX: 'staging' }).collabRedis).toEqual({
      url: 'rediss://cache:6380/2',
      prefix: 'staging:collab',
    });
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: 'redis://x', REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX/);
  });

  it('reads the prepared live instances: one per profile by default, pairs, off, and refuses a bad value', () => {
    expect(loadConfig({}).preparedInstances).toEqual({ 'coderoom/python/3': 1, 'coderoom/node/20': 1 });
    expect(
      loadConfig({ INSTANCE_PREPARED: 'coderoom/python/3=4, coderoom/node/20=0' }).preparedInstances,
    ).toEqual({ 'coderoom/python/3': 4, 'coderoom/node/20': 0 });
    expect(loadConfig({ INSTANCE_PREPARED: 'off' }).preparedInstances).toEqual({});
    expect(loadConfig({ INSTANCE_PREPARED: '' }).preparedInstances).toEqual({});
    expect(() => loadConfig({ INSTANCE_PREPARED: 'coderoom/python/3=99' })).toThrow(/INSTANCE_PREPARED/);
    expect(() => loadConfig({ INSTANCE_PREPARED: 'python' })).toThrow(/INSTANCE_PREPARED/);
  });
});
