import { CONTAINER_SCHEMA_VERSION, DOCKER_IMAGE_NAME_INVALID } from '@coderoom/domain';
import { describe, expect, it } from 'vitest';
import {
  DockerConfigError,
  migrateDockerConfig,
  parseContainerInfo,
  validateDockerConfig,
} from './dockerConfig.js';

describe('Docker configuration migration', () => {
  it('migrates a 5.0 configuration to 8.0 with container layout 3', () => {
    const config = migrateDockerConfig({
      version: '5.0',
      imageName: 'coderoom/python/3',
      envs: { PORT: '8000' },
      jobs: [{ name: 'Run', runScript: 'python3 app.py', inputFileName: 'app.py' }],
    });
    expect(config).toEqual({
      version: '8.0',
      entryFileName: '',
      container: {
        layoutVersion: CONTAINER_SCHEMA_VERSION,
        imageName: 'coderoom/python/3',
        file: null,
        fileSize: null,
        buildStatus: null,
      },
      envs: [{ name: 'PORT', key: 'PORT', value: '8000', useAsDefault: false }],
      jobs: [
        {
          key: 'job-1',
          name: 'Run',
          runScript: 'python3 app.py',
          inputFileName: 'app.py',
          runInLiveContainer: false,
        },
      ],
      testRunners: [],
    });
  });

  it('migrates 6.0 and 7.0, keeping keys, live-container flags and test runners', () => {
    const six = migrateDockerConfig({
      version: '6.0',
      imageName: 'coderoom/node/20',
      envs: [{ key: 'A', value: '1', useAsDefault: true }],
      jobs: [{ key: 'start', name: 'Start', runScript: 'node index.js' }],
    });
    expect(six.envs).toEqual([{ name: 'A', key: 'A', value: '1', useAsDefault: true }]);
    expect(six.jobs[0]?.key).toBe('start');
    const seven = migrateDockerConfig({
      version: '7.0',
      imageName: 'coderoom/node/20',
      jobs: [{ key: 'k', name: 'n', runScript: 's', inputFileName: 'f', runInLiveContainer: true }],
      testRunners: [{ id: 't1', name: 'Unit', testScript: 'npm test' }],
    });
    expect(seven.container.imageName).toBe('coderoom/node/20');
    expect(seven.jobs[0]?.runInLiveContainer).toBe(true);
    expect(seven.testRunners).toEqual([{ id: 't1', name: 'Unit', testScript: 'npm test' }]);
  });

  it('keeps 8.0 as is and refuses unknown versions', () => {
    const current = migrateDockerConfig({ version: '8.0', container: { imageName: 'a/b/c' } });
    expect(current.container).toMatchObject({ imageName: 'a/b/c', layoutVersion: 3 });
    expect(() => migrateDockerConfig({ version: '4.0' })).toThrow(DockerConfigError);
    expect(() => parseContainerInfo('{nope')).toThrow('container_info is not valid JSON.');
  });
});

describe('Docker configuration validation', () => {
  it('needs an image name of exactly three slash-separated parts', () => {
    for (const imageName of ['python', 'coderoom/python', 'a/b/c/d', '']) {
      const errors = validateDockerConfig(migrateDockerConfig({ container: { imageName } }));
      expect(errors['container.imageName']).toBe(DOCKER_IMAGE_NAME_INVALID);
    }
    expect(
      validateDockerConfig(migrateDockerConfig({ container: { imageName: 'coderoom/python/3' } })),
    ).toEqual({});
  });

  it('checks job keys, test runners and env names', () => {
    const errors = validateDockerConfig(
      migrateDockerConfig({
        container: { imageName: 'coderoom/python/3' },
        envs: [{ key: 'BAD NAME', value: '' }],
        jobs: [
          { key: 'a', name: 'A' },
          { key: 'a', name: 'B' },
        ],
        testRunners: [
          { id: '1', testScript: 'true' },
          { id: '1', testScript: ' ' },
        ],
      }),
    );
    expect(Object.keys(errors).sort()).toEqual([
      'envs.0.key',
      'jobs.1.key',
      'testRunners.1.id',
      'testRunners.1.testScript',
    ]);
  });
});
