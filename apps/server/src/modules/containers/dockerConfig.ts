import {
  CONTAINER_SCHEMA_VERSION,
  DOCKER_IMAGE_NAME_INVALID,
  DockerVersion,
  isValidDockerImageName,
} from '@coderoom/domain';

/**
 * A work's Docker configuration (spec §3) in its current shape, version 8.0 with container layout 3.
 * Older stored configurations (5.0, 6.0, 7.0) are migrated on read by `migrateDockerConfig`.
 */
export interface DockerEnv {
  name: string;
  key: string;
  value: string;
  useAsDefault: boolean;
}
export interface DockerJob {
  key: string;
  name: string;
  runScript: string;
  inputFileName: string;
  runInLiveContainer: boolean;
}
export interface DockerTestRunner {
  id: string;
  name: string;
  testScript: string;
}
export interface DockerContainer {
  layoutVersion: number;
  imageName: string;
  file: string | null;
  fileSize: number | null;
  buildStatus: string | null;
}
export interface DockerConfig {
  version: typeof DockerVersion.Current;
  entryFileName: string;
  container: DockerContainer;
  envs: DockerEnv[];
  jobs: DockerJob[];
  testRunners: DockerTestRunner[];
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export class DockerConfigError extends Error {}

/**
 * Version history as stored by older editors (our reading of the spec's migration chain):
 * 5.0 kept envs as a `{ NAME: value }` object and the image name at the top level; 6.0 made envs a list
 * and jobs gained `key`; 7.0 added `runInLiveContainer` and `testRunners`; 8.0 nests the image under
 * `container` with layout version 3. Each step fills what the next version needs; nothing is dropped.
 */
function from5(config: Loose): Loose {
  const envs = isObject(config.envs)
    ? Object.entries(config.envs).map(([name, value]) => ({ name, key: name, value: text(value) }))
    : list(config.envs);
  return { ...config, version: '6.0', envs };
}

function from6(config: Loose): Loose {
  const jobs = list(config.jobs).map((job, index) =>
    isObject(job) ? { ...job, key: text(job.key) || `job-${index + 1}` } : job,
  );
  return { ...config, version: '7.0', jobs };
}

function from7(config: Loose): Loose {
  const container = isObject(config.container) ? config.container : {};
  return {
    ...config,
    version: DockerVersion.Current,
    container: { ...container, imageName: text(container.imageName, text(config.imageName)) },
  };
}

/** Brings any known version to 8.0 and normalises every field; unknown versions are refused. */
export function migrateDockerConfig(input: unknown): DockerConfig {
  if (!isObject(input)) throw new DockerConfigError('The Docker configuration must be an object.');
  let config: Loose = input;
  const version = text(config.version, DockerVersion.Current);
  if (version === '5.0') config = from7(from6(from5(config)));
  else if (version === '6.0') config = from7(from6(config));
  else if (version === '7.0') config = from7(config);
  else if (version !== DockerVersion.Current) {
    throw new DockerConfigError(`Unknown Docker configuration version ${version}.`);
  }
  const container = isObject(config.container) ? config.container : {};
  return {
    version: DockerVersion.Current,
    entryFileName: text(config.entryFileName),
    container: {
      layoutVersion: CONTAINER_SCHEMA_VERSION,
      imageName: text(container.imageName, text(config.imageName)),
      file: typeof container.file === 'string' ? container.file : null,
      fileSize: typeof container.fileSize === 'number' ? container.fileSize : null,
      buildStatus: typeof container.buildStatus === 'string' ? container.buildStatus : null,
    },
    envs: list(config.envs)
      .filter(isObject)
      .map((env) => ({
        name: text(env.name, text(env.key)),
        key: text(env.key, text(env.name)),
        value: text(env.value),
        useAsDefault: env.useAsDefault === true,
      })),
    jobs: list(config.jobs)
      .filter(isObject)
      .map((job) => ({
        key: text(job.key),
        name: text(job.name),
        runScript: text(job.runScript),
        inputFileName: text(job.inputFileName),
        runInLiveContainer: job.runInLiveContainer === true,
      })),
    testRunners: list(config.testRunners)
      .filter(isObject)
      .map((runner, index) => ({
        id: text(runner.id, String(index + 1)),
        name: text(runner.name),
        testScript: text(runner.testScript),
      })),
  };
}

/** Field errors of a (migrated) configuration; empty when it is valid. */
export function validateDockerConfig(config: DockerConfig): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isValidDockerImageName(config.container.imageName)) {
    errors['container.imageName'] = DOCKER_IMAGE_NAME_INVALID;
  }
  const envName = /^[A-Za-z_][A-Za-z0-9_]*$/;
  config.envs.forEach((env, index) => {
    if (!envName.test(env.key))
      errors[`envs.${index}.key`] = 'Environment variable names use letters, digits and _.';
  });
  const jobKeys = new Set<string>();
  config.jobs.forEach((job, index) => {
    if (job.key === '') errors[`jobs.${index}.key`] = 'Every job needs a key.';
    else if (jobKeys.has(job.key)) errors[`jobs.${index}.key`] = 'Job keys must be unique.';
    jobKeys.add(job.key);
  });
  const runnerIds = new Set<string>();
  config.testRunners.forEach((runner, index) => {
    if (runnerIds.has(runner.id)) errors[`testRunners.${index}.id`] = 'Test runner ids must be unique.';
    runnerIds.add(runner.id);
    if (runner.testScript.trim() === '')
      errors[`testRunners.${index}.testScript`] = 'A test runner needs a test script.';
  });
  return errors;
}

/** The `container_info` string of allocate and run_tests: a JSON Docker configuration of any known version. */
export function parseContainerInfo(containerInfo: string): DockerConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(containerInfo);
  } catch {
    throw new DockerConfigError('container_info is not valid JSON.');
  }
  return migrateDockerConfig(parsed);
}
