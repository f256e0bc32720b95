import { randomBytes, randomUUID } from 'node:crypto';
import {
  ContainerMessages,
  ContainerPolling,
  LiveContainerState,
  LiveTestStatus,
  liveTestingFailedMessage,
  testingContainerState,
} from '@coderoom/domain';
import { findProfile, type InstanceHandle, type LiveInstanceDriver } from '@coderoom/runner';
import type { Clock } from '../../platform/clock.js';
import { ContainersErrors } from './containers.errors.js';
import { type LiveInstanceRecord, presentInstance } from './containers.presenter.js';
import {
  type DockerConfig,
  DockerConfigError,
  parseContainerInfo,
  validateDockerConfig,
} from './dockerConfig.js';

export interface ContainersServiceDeps {
  driver: LiveInstanceDriver;
  clock: Clock;
  /** An instance nobody touched through the API for this long is stopped (default 30 minutes). */
  idleTimeoutMs?: number;
  /** Wall clock of one test runner's script inside the instance. */
  testScriptTimeoutMs?: number;
}

export interface AllocateInput {
  authorId: string;
  workId: string;
  pageId: string | null;
  containerInfo: string | null;
}

export interface RunTestsInput {
  authorId: string;
  workId: string;
  pageId: string;
  docId: string;
  documentType: string | null;
  containerInfo: string | null;
}

export interface TestResultsInput {
  authorId: string;
  workId: string;
  pageId: string;
  docId: string;
  documentType: string | null;
  attemptCount: number | null;
}

interface TestRunnerResult {
  id: string;
  name: string;
  passed: boolean;
  exit_code: number | null;
  output: string;
}

interface TestRun {
  attemptCount: number;
  requestId: string;
  documentType: string;
  startedAt: number;
  polls: number;
  status: (typeof LiveTestStatus)[keyof typeof LiveTestStatus];
  results: TestRunnerResult[];
  error: string | null;
}

/** Path segments the web app sends for an absent id. */
const isMissingId = (value: string | undefined | null) =>
  value === undefined || value === null || ['', 'undefined', 'null'].includes(value.trim());

const DEFAULT_IMAGE = 'coderoom/python/3';

/**
 * Live instances of spec §4/§7: at most one per user (a cloud lab), its state machine, and live tests run
 * inside it. Instances are process-local (a live sandbox does not survive a restart), so they are kept in
 * memory here rather than in the database.
 */
export function createContainersService(deps: ContainersServiceDeps) {
  const { driver, clock } = deps;
  const idleTimeoutMs = deps.idleTimeoutMs ?? 30 * 60_000;
  const testScriptTimeoutMs = deps.testScriptTimeoutMs ?? 60_000;
  const byUser = new Map<number, LiveInstanceRecord>();
  const handles = new Map<string, InstanceHandle>();
  const testRuns = new Map<string, TestRun>();
  const now = () => clock.now().getTime();

  function configOf(containerInfo: string | null): DockerConfig {
    let config: DockerConfig;
    try {
      config = parseContainerInfo(
        containerInfo ?? JSON.stringify({ container: { imageName: DEFAULT_IMAGE } }),
      );
    } catch (error) {
      if (error instanceof DockerConfigError)
        throw ContainersErrors.invalidConfig({ container_info: error.message });
      throw error;
    }
    if (config.container.imageName === '') config.container.imageName = DEFAULT_IMAGE;
    const errors = validateDockerConfig(config);
    if (Object.keys(errors).length > 0) throw ContainersErrors.invalidConfig(errors);
    return config;
  }

  async function release(record: LiveInstanceRecord): Promise<void> {
    byUser.delete(record.userId);
    const handle = handles.get(record.instanceId);
    handles.delete(record.instanceId);
    if (handle) await driver.stop(handle).catch(() => undefined);
  }

  /** Stops instances idle past the timeout (run on every call, so the test clock drives it). */
  async function reclaimIdle(): Promise<void> {
    const stale = [...byUser.values()].filter(
      (record) => now() - record.lastActivityAt.getTime() >= idleTimeoutMs,
    );
    await Promise.all(stale.map(release));
  }

  function touch(record: LiveInstanceRecord): void {
    record.lastActivityAt = clock.now();
  }

  function ownInstance(userId: number, instanceId: string): LiveInstanceRecord {
    const record = byUser.get(userId);
    if (!record || record.instanceId !== instanceId) throw ContainersErrors.noAppFound(instanceId);
    touch(record);
    return record;
  }

  /** Starts the sandbox for a configuration; a driver failure is "allocation failed" (spec §4). */
  async function start(
    userId: number,
    input: AllocateInput,
    config: DockerConfig,
  ): Promise<LiveInstanceRecord> {
    const existing = byUser.get(userId);
    if (existing) {
      if (existing.authorId === input.authorId && existing.workId === input.workId) {
        touch(existing);
        return existing;
      }
      throw ContainersErrors.secondCloudLab();
    }
    if (!findProfile(config.container.imageName)) throw ContainersErrors.allocationFailed();
    const env = Object.fromEntries(config.envs.map((entry) => [entry.key, entry.value]));
    let handle: InstanceHandle;
    try {
      handle = await driver.allocate({ profile: config.container.imageName, env, owner: String(userId) });
    } catch {
      throw ContainersErrors.allocationFailed();
    }
    // A concurrent allocate of the same user may have won while the sandbox started.
    if (byUser.has(userId)) {
      await driver.stop(handle).catch(() => undefined);
      return start(userId, input, config);
    }
    const record: LiveInstanceRecord = {
      instanceId: handle.id,
      userId,
      authorId: input.authorId,
      workId: input.workId,
      pageId: input.pageId,
      imageName: config.container.imageName,
      requestId: randomUUID(),
      state: LiveContainerState.Allocated,
      createdAt: clock.now(),
      lastActivityAt: clock.now(),
    };
    byUser.set(userId, record);
    handles.set(handle.id, handle);
    return record;
  }

  async function runTestScripts(handle: InstanceHandle, run: TestRun, config: DockerConfig): Promise<void> {
    try {
      for (const runner of config.testRunners) {
        const result = await driver.exec(handle, runner.testScript, { timeoutMs: testScriptTimeoutMs });
        run.results.push({
          id: runner.id,
          name: runner.name,
          passed: result.exitCode === 0 && !result.timedOut,
          exit_code: result.exitCode,
          output: `${result.stdout}${result.stderr}`,
        });
      }
      if (run.status === LiveTestStatus.Pending) run.status = LiveTestStatus.Completed;
    } catch {
      // The instance stopped or its agent failed mid-run: the learner can only try again.
      if (run.status !== LiveTestStatus.Pending) return;
      run.status = LiveTestStatus.Completed;
      run.error = ContainerMessages.TestExecutionFailure;
    }
  }

  const testRunKey = (
    userId: number,
    input: { authorId: string; workId: string; pageId: string; docId: string },
  ) => [userId, input.authorId, input.workId, input.pageId, input.docId].join(':');

  return {
    async listInstances(userId: number, filter: { collectionId: string | null; authorId: string | null }) {
      await reclaimIdle();
      const record = byUser.get(userId);
      if (!record) return {};
      if (filter.collectionId && filter.collectionId !== record.workId) return {};
      if (filter.authorId && filter.authorId !== record.authorId) return {};
      return { [record.instanceId]: presentInstance(record) };
    },

    async allocate(userId: number, input: AllocateInput) {
      await reclaimIdle();
      if (isMissingId(input.authorId) || isMissingId(input.workId)) return {};
      const record = await start(userId, input, configOf(input.containerInfo));
      return {
        vm_status: record.state,
        request_id: record.requestId,
        instance_id: record.instanceId,
        vm_password: randomBytes(12).toString('base64url'),
      };
    },

    /** The "pull" step: the image (profile) exists on this host and its toolchain answers. */
    async imageStatus(userId: number, instanceId: string) {
      await reclaimIdle();
      const record = ownInstance(userId, instanceId);
      const handle = handles.get(instanceId);
      const profile = findProfile(record.imageName);
      let pulled = false;
      if (handle && profile) {
        const result = await driver
          .exec(handle, profile.versionCommand, { timeoutMs: 10_000 })
          .catch(() => null);
        pulled = result?.exitCode === 0;
      }
      record.state = pulled ? LiveContainerState.Pulled : LiveContainerState.PullFailed;
      return { status: record.state, request_id: record.requestId };
    },

    /** The "daemon" step: the agent inside the instance answers. */
    async daemonStatus(userId: number, instanceId: string) {
      await reclaimIdle();
      const record = ownInstance(userId, instanceId);
      const handle = handles.get(instanceId);
      const answered = handle
        ? await driver.exec(handle, 'true', { timeoutMs: 5000 }).catch(() => null)
        : null;
      record.state = answered?.exitCode === 0 ? LiveContainerState.Running : LiveContainerState.DaemonFailed;
      return { status: record.state, request_id: record.requestId };
    },

    async stopInstance(userId: number, instanceId: string) {
      const record = ownInstance(userId, instanceId);
      await release(record);
      return { status: LiveContainerState.Offline };
    },

    async runTests(userId: number, input: RunTestsInput) {
      await reclaimIdle();
      if (isMissingId(input.authorId) || isMissingId(input.workId))
        throw ContainersErrors.runTestsIdsRequired();
      const config = configOf(input.containerInfo);
      const key = testRunKey(userId, input);
      const previous = testRuns.get(key);
      const run: TestRun = {
        attemptCount: (previous?.attemptCount ?? 0) + 1,
        requestId: randomUUID(),
        documentType: input.documentType ?? '',
        startedAt: now(),
        polls: 0,
        status: LiveTestStatus.Pending,
        results: [],
        error: null,
      };
      let containerStatus: string;
      let record: LiveInstanceRecord | null = null;
      try {
        record = await start(userId, { ...input, pageId: input.pageId }, config);
        containerStatus = LiveContainerState.Allocated;
      } catch (error) {
        // Another running lab is still a conflict the learner must see; anything else is a failed allocation.
        if (error instanceof Error && error.message === ContainerMessages.SecondCloudLab) throw error;
        containerStatus = LiveContainerState.AllocationFailed;
      }
      const status = testingContainerState(containerStatus);
      testRuns.set(key, run);
      const handle = record ? handles.get(record.instanceId) : undefined;
      if (status === LiveContainerState.Allocated && handle) void runTestScripts(handle, run, config);
      else {
        run.status = LiveTestStatus.Completed;
        run.error = liveTestingFailedMessage(ContainerMessages.AllocationFailed);
      }
      return { testing_container_status: status, attempt_count: run.attemptCount, request_id: run.requestId };
    },

    /**
     * One poll. The client polls every 2000 ms up to 150 times; the server holds the same budget, counted in
     * polls and in time, so a run that outlives it answers 102 and the spec's message.
     */
    async testResults(userId: number, input: TestResultsInput) {
      if (!input.documentType || input.attemptCount === null || !Number.isInteger(input.attemptCount)) {
        throw ContainersErrors.pollingParamsRequired();
      }
      const run = testRuns.get(testRunKey(userId, input));
      if (!run || run.attemptCount !== input.attemptCount) {
        throw ContainersErrors.noAppFound(`${input.workId}/${input.pageId}/${input.docId}`);
      }
      run.polls += 1;
      const record = byUser.get(userId);
      if (record) touch(record);
      const budgetMs = ContainerPolling.testResultTries * ContainerPolling.testResultIntervalMs;
      if (
        run.status === LiveTestStatus.Pending &&
        (run.polls >= ContainerPolling.testResultTries || now() - run.startedAt >= budgetMs)
      ) {
        run.status = LiveTestStatus.TimedOut;
        run.error = ContainerMessages.MaxLiveTestTime;
      }
      return {
        live_test_status: run.status,
        results: run.error ? { error: run.error, tests: run.results } : { tests: run.results },
        request_id: run.requestId,
      };
    },

    async close(): Promise<void> {
      await Promise.all([...byUser.values()].map(release));
    },
  };
}

export type ContainersService = ReturnType<typeof createContainersService>;
