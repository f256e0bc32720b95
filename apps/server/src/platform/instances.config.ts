import {
  type BwrapInstanceDriverConfig,
  createBwrapInstanceDriver,
  createDockerInstanceDriver,
  type DockerInstanceDriverConfig,
  type LiveInstanceDriver,
} from '@coderoom/runner';
import { ConfigError } from './config.js';

// Which driver starts live instances (docs/containers.md): `bwrap` (default, embedded: bubblewrap on this
// host) or `docker` (INSTANCE_DRIVER=docker: one container per instance through the Docker Engine API).

export type InstanceDriverConfig =
  | { kind: 'bwrap'; bwrap: BwrapInstanceDriverConfig }
  | { kind: 'docker'; docker: DockerInstanceDriverConfig };

function integer(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `must be an integer between ${min} and ${max}`);
  }
  return value;
}

/**
 * INSTANCE_DRIVER (`bwrap` | `docker`); for docker: DOCKER_SOCKET (default /var/run/docker.sock),
 * INSTANCE_IMAGE (default coderoom/instance:latest), INSTANCE_OWNER (the label naming this process's
 * containers; default the host name), INSTANCE_POOL_SIZE (started containers kept ready per profile,
 * default 2) and INSTANCE_MAX (instances at once, default 32).
 */
export function loadInstanceDriverConfig(
  env: NodeJS.ProcessEnv,
  bwrap: BwrapInstanceDriverConfig = {},
): InstanceDriverConfig {
  const kind = env.INSTANCE_DRIVER || 'bwrap';
  if (kind === 'bwrap') return { kind, bwrap };
  if (kind !== 'docker') throw new ConfigError('INSTANCE_DRIVER', 'must be bwrap or docker');
  const docker: DockerInstanceDriverConfig = {};
  if (env.DOCKER_SOCKET) docker.socketPath = env.DOCKER_SOCKET;
  if (env.INSTANCE_IMAGE) docker.image = env.INSTANCE_IMAGE;
  if (env.INSTANCE_OWNER) {
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(env.INSTANCE_OWNER)) {
      throw new ConfigError('INSTANCE_OWNER', 'must be 1–64 letters, digits, dots, dashes or underscores');
    }
    docker.owner = env.INSTANCE_OWNER;
  }
  const poolSize = integer(env, 'INSTANCE_POOL_SIZE', 0, 64);
  if (poolSize !== undefined) docker.poolSize = poolSize;
  const maxInstances = integer(env, 'INSTANCE_MAX', 1, 1024);
  if (maxInstances !== undefined) docker.maxInstances = maxInstances;
  return { kind, docker };
}

export function createInstanceDriver(config: InstanceDriverConfig): LiveInstanceDriver {
  return config.kind === 'docker'
    ? createDockerInstanceDriver(config.docker)
    : createBwrapInstanceDriver(config.bwrap);
}
