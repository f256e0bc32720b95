import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.js';
import { loadInstanceDriverConfig } from './instances.config.js';

describe('loadInstanceDriverConfig', () => {
  it('keeps bubblewrap as the default driver', () => {
    expect(loadInstanceDriverConfig({})).toEqual({ kind: 'bwrap', bwrap: {} });
    expect(loadInstanceDriverConfig({ INSTANCE_DRIVER: 'bwrap' }).kind).toBe('bwrap');
  });

  it('reads the Docker driver and its settings', () => {
    expect(
      loadInstanceDriverConfig({
        INSTANCE_DRIVER: 'docker',
        DOCKER_SOCKET: '/run/docker.sock',
        INSTANCE_IMAGE: 'coderoom/instance:test',
        INSTANCE_OWNER: 'api-1',
        INSTANCE_POOL_SIZE: '0',
        INSTANCE_MAX: '8',
      }),
    ).toEqual({
      kind: 'docker',
      docker: {
        socketPath: '/run/docker.sock',
        image: 'coderoom/instance:test',
        owner: 'api-1',
        poolSize: 0,
        maxInstances: 8,
      },
    });
    expect(loadInstanceDriverConfig({ INSTANCE_DRIVER: 'docker' })).toEqual({ kind: 'docker', docker: {} });
  });

  it('refuses unknown drivers and bad numbers or owners', () => {
    expect(() => loadInstanceDriverConfig({ INSTANCE_DRIVER: 'podman' })).toThrow(ConfigError);
    expect(() => loadInstanceDriverConfig({ INSTANCE_DRIVER: 'docker', INSTANCE_POOL_SIZE: '-1' })).toThrow(
      /INSTANCE_POOL_SIZE/,
    );
    expect(() => loadInstanceDriverConfig({ INSTANCE_DRIVER: 'docker', INSTANCE_MAX: 'many' })).toThrow(
      /INSTANCE_MAX/,
    );
    expect(() => loadInstanceDriverConfig({ INSTANCE_DRIVER: 'docker', INSTANCE_OWNER: 'a b' })).toThrow(
      /INSTANCE_OWNER/,
    );
  });
});
