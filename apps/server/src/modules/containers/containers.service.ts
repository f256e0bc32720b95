import { randomBytes, randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import {
  ContainerMessages,
  ContainerPolling,
  LIVE_SANDBOXES_PER_USER,
  LiveAppLimits,
  LiveContainerState,
  type LiveSandboxKind,
  LiveTestStatus,
  liveSandboxLabel,
  liveTestingFailedMessage,
  testingContainerState,
  WorkType,
} from '@coderoom/domain';
import {
  desktopStartCommand,
  findProfile,
  type HttpRelayResult,
  type InstanceFile,
  type InstanceHandle,
  isSafeWorkspacePath,
  type LiveInstanceDriver,
  type TerminalSize,
} from '@coderoom/runner';
import type { Clock } from '../../platform/clock.js';
import { type AppHandshake, handshakeWithApp } from './containers.appSockets.js';
import { ContainersErrors, SandboxConflictError } from './containers.errors.js';
import { appUpgradeRequest, isProxyPort } from './containers.policy.js';
import { type LiveInstanceRecord, presentInstance } from './containers.presenter.js';
import { createTerminalHub, type TerminalPeer } from './containers.terminals.js';
import {
  type DockerConfig,
  DockerConfigError,
  type DockerJob,
  parseContainerInfo,
  validateDockerConfig,
} from './dockerConfig.js';

/** Work of another module that runs in an instance (a project's terminal or workspace task). */
export interface LiveWork {
  image: string;
  files: InstanceFile[];
  tests: Array<{ id: string; name: string; script: string }>;
  /** Environment of the instance (a cloud lab's variables); never presented by this module. */
  env?: Record<string, string>;
  /** The project's or lab's title, to name the sandbox when another start is refused. */
  title?: string;
}

/** Where a work's instance settings and tests come from, and where passing them is recorded. */
export interface LiveWorkSource {
  /** Throws the owning module's 404 when the user may not read the work or it is not a live task. */
  find(userId: number, ref: LiveWorkRef): Promise<LiveWork>;
  testsPassed(userId: number, ref: LiveWorkRef): Promise<void>;
}

/**
 * The document live tests name when it is not a project task (a lesson's widget): the owning module throws
 * its 404 when it does not exist or the caller may not read it (the draft's, for an author in the editor).
 */
export interface LiveDocumentSource {
  require(userId: number, ref: LiveWorkRef, isEditor: boolean): Promise<void>;
  /** The work an instance with the browser's own configuration is allocated for. */
  requireWork(userId: number, ref: Pick<LiveWorkRef, 'authorId' | 'workId'>, draft: boolean): Promise<void>;
}

export interface LiveWorkRef {
  authorId: string;
  workId: string;
  pageId: string;
  docId: string;
}

/** run_tests' document type of a project task: the tests are the project's, never the client's. */
export const PROJECT_DOCUMENT_TYPE = 'project';

export interface ContainersServiceDeps {
  driver: LiveInstanceDriver;
  clock: Clock;
  /** Projects' terminal and workspace tasks (spec §3 project types). */
  liveWorks?: LiveWorkSource;
  /** Cloud labs (work type standalone_cloud_lab): image, starter files and variables of the lab. */
  cloudLabWorks?: Pick<LiveWorkSource, 'find'>;
  /** Every other document live tests may name; tests for a document that does not exist answer its 404. */
  documents: LiveDocumentSource;
  /** An instance nobody touched through the API for this long is stopped (default 30 minutes). */
  idleTimeoutMs?: number;
  /** Wall clock of one test runner's script inside the instance. */
  testScriptTimeoutMs?: number;
  /** Wall clock of the job update-app runs (it should start the app in the background and return). */
  jobTimeoutMs?: number;
  /** How often an open terminal's instance is checked for limits it ran into (default 1 s). */
  limitPollMs?: number;
  /** Live sandboxes one learner may keep at once (default LIVE_SANDBOXES_PER_USER). */
  maxPerUser?: number;
}

/** What a started sandbox is for: named in refusals, and one cloud lab at a time (spec §8). */
interface SandboxIdentity {
  kind: LiveSandboxKind;
  title: string | null;
}

/** POST …/update-app, after the contract's shape check. */
export interface UpdateAppInput {
  files: Array<{ path: string; content: string }>;
  /** A job's key; null runs the first job marked to run in the live container, if any. */
  job: string | null;
}

/** A WebSocket upgrade for the learner's app, as the proxy route received it. */
export interface AppUpgrade {
  /** Path and query below the proxy prefix, starting with '/'. */
  path: string;
  prefix: string;
  headers: Record<string, string | string[] | undefined>;
}

/** How long the app may take to connect and to answer a WebSocket handshake. */
const APP_SOCKET_TIMEOUT_MS = 10_000;

/** One request for the learner's app, as the proxy route received it. */
export interface AppRequest {
  method: string;
  /** Path and query below the proxy prefix, starting with '/'. */
  path: string;
  headers: Array<[string, string]>;
  body: Buffer | undefined;
}

export interface AllocateInput {
  authorId: string;
  workId: string;
  pageId: string | null;
  containerInfo: string | null;
  workType?: string | null;
  /** An author's draft (the editor's preview). */
  draft?: boolean;
  /** The task (project component) inside the page, for project work. */
  subDocumentId?: string | null;
}

export interface RunTestsInput {
  authorId: string;
  workId: string;
  pageId: string;
  docId: string;
  documentType: string | null;
  containerInfo: string | null;
  /** An author running the tests of their draft from the editor. */
  isEditor: boolean;
}

export interface TestResultsInput {
  authorId: string;
  workId: string;
  pageId: string;
  docId: string;
  documentType: string | null;
  attemptCount: number | null;
  isEditor: boolean;
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
/** Starting a desktop waits at most this long (the script itself gives up after ~15 s per step). */
const DESKTOP_START_TIMEOUT_MS = 40_000;

/**
 * Live instances of spec §4/§7: one per work and learner, up to `maxPerUser` at once with at most one cloud
 * lab among them (spec §8), their state machine, and live tests run inside them. Instances are
 * process-local (a live sandbox does not survive a restart), so they are kept in memory here rather than in
 * the database.
 */
export function createContainersService(deps: ContainersServiceDeps) {
  const { driver, clock } = deps;
  const idleTimeoutMs = deps.idleTimeoutMs ?? 30 * 60_000;
  const testScriptTimeoutMs = deps.testScriptTimeoutMs ?? 60_000;
  const jobTimeoutMs = deps.jobTimeoutMs ?? LiveAppLimits.jobTimeoutMs;
  const maxPerUser = deps.maxPerUser ?? LIVE_SANDBOXES_PER_USER;
  /** Each user's instances, keyed by work (`authorId/workId`). */
  const byUser = new Map<number, Map<string, LiveInstanceRecord>>();
  const handles = new Map<string, InstanceHandle>();
  const testRuns = new Map<string, TestRun>();
  /** The last update of each instance: a second update waits for it, so writes and restarts never interleave. */
  const updates = new Map<string, Promise<unknown>>();
  const terminals = createTerminalHub(driver, { limitPollMs: deps.limitPollMs });
  /** Open WebSockets to each instance's app, closed with the instance whatever the driver does. */
  const appStreams = new Map<string, Set<Duplex>>();
  const now = () => clock.now().getTime();

  const workKey = (work: { authorId: string; workId: string }) => `${work.authorId}/${work.workId}`;
  const recordsOf = (userId: number) => [...(byUser.get(userId)?.values() ?? [])];
  const allRecords = () => [...byUser.values()].flatMap((records) => [...records.values()]);
  const recordOfWork = (userId: number, work: { authorId: string; workId: string }) =>
    byUser.get(userId)?.get(workKey(work));
  const running = (record: LiveInstanceRecord) => ({
    instanceId: record.instanceId,
    label: liveSandboxLabel(record.kind, record.title),
  });

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
    const records = byUser.get(record.userId);
    if (records?.get(workKey(record)) === record) records.delete(workKey(record));
    if (records?.size === 0) byUser.delete(record.userId);
    updates.delete(record.instanceId);
    await terminals.closeInstance(record.instanceId);
    for (const stream of appStreams.get(record.instanceId) ?? []) stream.destroy();
    appStreams.delete(record.instanceId);
    const handle = handles.get(record.instanceId);
    handles.delete(record.instanceId);
    if (handle) await driver.stop(handle).catch(() => undefined);
  }

  /** Stops instances idle past the timeout (run on every call, so the test clock drives it). */
  async function reclaimIdle(): Promise<void> {
    const stale = allRecords().filter((record) => now() - record.lastActivityAt.getTime() >= idleTimeoutMs);
    await Promise.all(stale.map(release));
  }

  function touch(record: LiveInstanceRecord): void {
    record.lastActivityAt = clock.now();
  }

  function ownInstance(userId: number, instanceId: string): LiveInstanceRecord {
    const record = recordsOf(userId).find((candidate) => candidate.instanceId === instanceId);
    if (!record) throw ContainersErrors.noAppFound(instanceId);
    touch(record);
    return record;
  }

  /**
   * The instance behind an app proxy request. A logged-in caller must own it; a request without a session is
   * the app's own sandboxed page (an opaque origin sends no cookies), for which the instance id, random and
   * only ever shown to its owner, is the capability.
   */
  function appInstance(viewerId: number | null, instanceId: string, port: number) {
    const record = allRecords().find((candidate) => candidate.instanceId === instanceId);
    const handle = handles.get(instanceId);
    if (!record || !handle || (viewerId !== null && record.userId !== viewerId)) {
      throw ContainersErrors.noAppFound(instanceId);
    }
    if (!isProxyPort(port)) throw ContainersErrors.portNotAllowed(port);
    touch(record);
    return handle;
  }

  function ownHandle(userId: number, instanceId: string): InstanceHandle {
    ownInstance(userId, instanceId);
    const handle = handles.get(instanceId);
    if (!handle) throw ContainersErrors.noAppFound(instanceId);
    return handle;
  }

  /**
   * Why this user may not start one more sandbox: another cloud lab while this is one (spec §8), or the
   * per-user limit. Null when there is room.
   */
  function conflictFor(userId: number, identity: SandboxIdentity): SandboxConflictError | null {
    const others = recordsOf(userId);
    const lab = others.find((record) => record.kind === 'cloud_lab');
    if (identity.kind === 'cloud_lab' && lab) return ContainersErrors.secondCloudLab(running(lab));
    if (others.length >= maxPerUser) return ContainersErrors.sandboxLimit(maxPerUser, others.map(running));
    return null;
  }

  /** Starts the sandbox for a configuration; a driver failure is "allocation failed" (spec §4). */
  async function start(
    userId: number,
    input: AllocateInput,
    config: DockerConfig,
    identity: SandboxIdentity,
    files: InstanceFile[] = [],
    workEnv: Record<string, string> = {},
  ): Promise<LiveInstanceRecord> {
    const existing = recordOfWork(userId, input);
    if (existing) {
      touch(existing);
      return existing;
    }
    const conflict = conflictFor(userId, identity);
    if (conflict) throw conflict;
    if (!findProfile(config.container.imageName)) throw ContainersErrors.allocationFailed();
    const env = { ...Object.fromEntries(config.envs.map((entry) => [entry.key, entry.value])), ...workEnv };
    let handle: InstanceHandle;
    try {
      handle = await driver.allocate({
        profile: config.container.imageName,
        env,
        files,
        owner: String(userId),
      });
    } catch {
      throw ContainersErrors.allocationFailed();
    }
    // A concurrent allocate of the same user may have taken the room (or this work) while the sandbox started.
    if (recordOfWork(userId, input) || conflictFor(userId, identity)) {
      await driver.stop(handle).catch(() => undefined);
      return start(userId, input, config, identity, files, workEnv);
    }
    const record: LiveInstanceRecord = {
      instanceId: handle.id,
      userId,
      authorId: input.authorId,
      workId: input.workId,
      pageId: input.pageId,
      kind: identity.kind,
      title: identity.title,
      imageName: config.container.imageName,
      requestId: randomUUID(),
      state: LiveContainerState.Allocated,
      createdAt: clock.now(),
      lastActivityAt: clock.now(),
      jobs: config.jobs,
    };
    const records = byUser.get(userId) ?? new Map<string, LiveInstanceRecord>();
    records.set(workKey(input), record);
    byUser.set(userId, records);
    handles.set(handle.id, handle);
    return record;
  }

  const identityOf = (kind: LiveSandboxKind, work: LiveWork): SandboxIdentity => ({
    kind,
    title: work.title ?? null,
  });

  /** A project task's instance: its image and tests come from the project, not from the client. */
  function liveConfig(work: LiveWork): DockerConfig {
    return configOf(
      JSON.stringify({
        version: '8.0',
        container: { imageName: work.image },
        testRunners: work.tests.map((test) => ({ id: test.id, name: test.name, testScript: test.script })),
      }),
    );
  }

  async function runTestScripts(
    handle: InstanceHandle,
    run: TestRun,
    config: DockerConfig,
    onPassed?: () => Promise<void>,
  ): Promise<void> {
    try {
      for (const runner of config.testRunners) {
        const result = await driver.execCheck(handle, runner.testScript, { timeoutMs: testScriptTimeoutMs });
        run.results.push({
          id: runner.id,
          name: runner.name,
          passed: result.exitCode === 0 && !result.timedOut,
          exit_code: result.exitCode,
          output: `${result.stdout}${result.stderr}`,
        });
      }
      if (onPassed && run.results.length > 0 && run.results.every((result) => result.passed)) {
        await onPassed();
      }
      if (run.status === LiveTestStatus.Pending) run.status = LiveTestStatus.Completed;
    } catch {
      // The instance stopped or its agent failed mid-run: the learner can only try again.
      if (run.status !== LiveTestStatus.Pending) return;
      run.status = LiveTestStatus.Completed;
      run.error = ContainerMessages.TestExecutionFailure;
    }
  }

  /** The job an update runs: the one named, else the first meant for the live container, else none. */
  function jobFor(record: LiveInstanceRecord, key: string | null): DockerJob | null {
    if (key === null) return record.jobs.find((job) => job.runInLiveContainer) ?? null;
    const job = record.jobs.find((candidate) => candidate.key === key);
    if (!job) throw ContainersErrors.unknownJob(key);
    return job;
  }

  /** Writes the files and runs the job; every failure, the driver's included, is "update failed" (§4, §8). */
  async function runUpdate(
    record: LiveInstanceRecord,
    handle: InstanceHandle,
    files: InstanceFile[],
    job: DockerJob | null,
  ) {
    record.state = LiveContainerState.Updating;
    const failed = (output?: string) => {
      record.state = LiveContainerState.UpdateFailed;
      return {
        status: LiveContainerState.UpdateFailed,
        request_id: record.requestId,
        message: ContainerMessages.UpdateFailed,
        ...(output === undefined ? {} : { output }),
      };
    };
    try {
      if (files.length > 0) await driver.writeFiles(handle, files);
      let output: string | undefined;
      if (job) {
        const result = await driver.exec(handle, job.runScript, { timeoutMs: jobTimeoutMs });
        output = `${result.stdout}${result.stderr}`;
        if (result.exitCode !== 0 || result.timedOut) return failed(output);
      }
      record.state = LiveContainerState.Updated;
      return {
        status: LiveContainerState.Updated,
        request_id: record.requestId,
        ...(output === undefined ? {} : { output }),
      };
    } catch {
      return failed();
    }
  }

  /**
   * The document live tests run for, before anything starts or is answered: a project task (its work, whose
   * image and tests are the project's) or another document, which must exist for the caller (404 otherwise).
   */
  async function requireTestedDocument(
    userId: number,
    input: LiveWorkRef & { documentType: string | null; isEditor: boolean },
  ): Promise<LiveWork | undefined> {
    if (input.documentType === PROJECT_DOCUMENT_TYPE && deps.liveWorks) {
      return deps.liveWorks.find(userId, input);
    }
    await deps.documents.require(userId, input, input.isEditor);
    return undefined;
  }

  const testRunKey = (
    userId: number,
    input: { authorId: string; workId: string; pageId: string; docId: string },
  ) => [userId, input.authorId, input.workId, input.pageId, input.docId].join(':');

  return {
    async listInstances(userId: number, filter: { collectionId: string | null; authorId: string | null }) {
      await reclaimIdle();
      const matching = recordsOf(userId).filter(
        (record) =>
          (!filter.collectionId || filter.collectionId === record.workId) &&
          (!filter.authorId || filter.authorId === record.authorId),
      );
      return Object.fromEntries(matching.map((record) => [record.instanceId, presentInstance(record)]));
    },

    async allocate(userId: number, input: AllocateInput) {
      await reclaimIdle();
      if (isMissingId(input.authorId) || isMissingId(input.workId)) return {};
      let record: LiveInstanceRecord;
      if (input.workType === WorkType.StandaloneProject && deps.liveWorks) {
        const work = await deps.liveWorks.find(userId, {
          authorId: input.authorId,
          workId: input.workId,
          pageId: input.pageId ?? '',
          docId: input.subDocumentId ?? '',
        });
        record = await start(userId, input, liveConfig(work), identityOf('project', work), work.files);
      } else if (input.workType === WorkType.StandaloneCloudLab && deps.cloudLabWorks) {
        const work = await deps.cloudLabWorks.find(userId, {
          authorId: input.authorId,
          workId: input.workId,
          pageId: input.pageId ?? '',
          docId: input.subDocumentId ?? '',
        });
        record = await start(
          userId,
          input,
          liveConfig(work),
          identityOf('cloud_lab', work),
          work.files,
          work.env,
        );
      } else {
        await deps.documents.requireWork(userId, input, input.draft ?? false);
        record = await start(userId, input, configOf(input.containerInfo), { kind: 'sandbox', title: null });
      }
      return {
        vm_status: record.state,
        request_id: record.requestId,
        instance_id: record.instanceId,
        vm_password: randomBytes(12).toString('base64url'),
      };
    },

    /**
     * An Android emulator for a work the caller may read. None can run on our hosts (no KVM: see
     * docs/containers.md "Android"), so after the same checks as any allocation the answer is the spec's
     * allocation failed, with the reason; nothing is started or counted against the learner's sandboxes.
     */
    async allocateAndroid(userId: number, input: { authorId: string; workId: string; draft: boolean }) {
      if (isMissingId(input.authorId) || isMissingId(input.workId)) return {};
      await deps.documents.requireWork(userId, input, input.draft);
      throw ContainersErrors.androidUnavailable();
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

    /**
     * The "update" step: the learner's files into the running instance, then the configuration's job (which
     * typically restarts the app in the background). The state is "updating" while it runs.
     */
    async updateApp(userId: number, instanceId: string, input: UpdateAppInput) {
      await reclaimIdle();
      const handle = ownHandle(userId, instanceId);
      const record = ownInstance(userId, instanceId);
      input.files.forEach((file, index) => {
        if (!isSafeWorkspacePath(file.path)) throw ContainersErrors.filePathInvalid(`files.${index}.path`);
      });
      const job = jobFor(record, input.job);
      const previous = updates.get(instanceId) ?? Promise.resolve();
      // A failed update must not block the next one: each runs after the previous settles, whatever its outcome.
      const run = () => runUpdate(record, handle, input.files, job);
      const update = previous.then(run, run);
      updates.set(instanceId, update);
      return update;
    },

    /**
     * The "ping" step: whether the learner's app answers on a port. Any HTTP answer, an error page included,
     * means it runs; nothing listening is "ping app failed", no answer in time (or a broken one) "no response".
     */
    async pingApp(userId: number, instanceId: string, port: number) {
      await reclaimIdle();
      const handle = ownHandle(userId, instanceId);
      const record = ownInstance(userId, instanceId);
      if (!isProxyPort(port)) throw ContainersErrors.portNotAllowed(port);
      const result = await driver
        .httpRequest(handle, {
          port,
          method: 'GET',
          path: '/',
          headers: [['Host', `127.0.0.1:${port}`]],
          timeoutMs: LiveAppLimits.pingTimeoutMs,
          maxBytes: 1024,
        })
        .catch(() => null);
      if (result?.kind === 'response') {
        record.state = LiveContainerState.Running;
        return { status: record.state, request_id: record.requestId };
      }
      const isRefused = result === null || result.kind === 'refused';
      record.state = isRefused ? LiveContainerState.PingAppFailed : LiveContainerState.NoResponse;
      return {
        status: record.state,
        request_id: record.requestId,
        message: isRefused ? ContainerMessages.PingFailed : ContainerMessages.NoResponse,
      };
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
      const work = await requireTestedDocument(userId, input);
      const config = work ? liveConfig(work) : configOf(input.containerInfo);
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
        const identity = work ? identityOf('project', work) : { kind: 'sandbox' as const, title: null };
        record = await start(userId, { ...input, pageId: input.pageId }, config, identity, work?.files);
        containerStatus = LiveContainerState.Allocated;
      } catch (error) {
        // Other sandboxes in the way are a conflict the learner must see; anything else is a failed allocation.
        if (error instanceof SandboxConflictError) throw error;
        containerStatus = LiveContainerState.AllocationFailed;
      }
      const status = testingContainerState(containerStatus);
      testRuns.set(key, run);
      const handle = record ? handles.get(record.instanceId) : undefined;
      const onPassed = work
        ? () => deps.liveWorks?.testsPassed(userId, input) ?? Promise.resolve()
        : undefined;
      if (status === LiveContainerState.Allocated && handle)
        void runTestScripts(handle, run, config, onPassed);
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
      await requireTestedDocument(userId, input);
      const run = testRuns.get(testRunKey(userId, input));
      if (!run || run.attemptCount !== input.attemptCount) {
        throw ContainersErrors.noAppFound(`${input.workId}/${input.pageId}/${input.docId}`);
      }
      run.polls += 1;
      const record = recordOfWork(userId, input);
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

    /**
     * Runs a check in the user's running instance for a work (a cloud lab's task check), apart from the
     * learner (the driver's execCheck: another uid, a snapshot of the workspace); null when the user
     * has no instance for that work. Driver failures are thrown as they are.
     */
    async execInWork(
      userId: number,
      work: { authorId: string; workId: string },
      script: string,
      timeoutMs = testScriptTimeoutMs,
    ) {
      await reclaimIdle();
      const record = recordOfWork(userId, work);
      if (!record) return null;
      const handle = handles.get(record.instanceId);
      if (!handle) return null;
      touch(record);
      return driver.execCheck(handle, script, { timeoutMs });
    },

    /** Refuses (404) unless the instance is the user's; checked before a terminal socket is accepted. */
    async checkOwner(userId: number, instanceId: string): Promise<void> {
      await reclaimIdle();
      ownHandle(userId, instanceId);
    },

    /** Attaches a browser socket to the instance's shell (opened on first use, shared afterwards). */
    async attachTerminal(userId: number, instanceId: string, size: TerminalSize, peer: TerminalPeer) {
      const handle = ownHandle(userId, instanceId);
      const attachment = await terminals.attach(instanceId, handle, size, peer);
      // Typing is using the instance: it must not be reclaimed as idle under the learner's hands.
      const active = () => {
        const record = recordsOf(userId).find((candidate) => candidate.instanceId === instanceId);
        if (record) touch(record);
      };
      return {
        ...attachment,
        write: (data: string) => {
          active();
          attachment.write(data);
        },
      };
    },

    /** Relays a request to the learner's app (who may: `appInstance`). */
    /** The same checks as relayToApp (the app exists, the caller may reach it, the port is allowed), nothing sent. */
    async checkAppTarget(viewerId: number | null, instanceId: string, port: number): Promise<void> {
      await reclaimIdle();
      appInstance(viewerId, instanceId, port);
    },

    async relayToApp(
      viewerId: number | null,
      instanceId: string,
      port: number,
      request: AppRequest,
    ): Promise<Extract<HttpRelayResult, { kind: 'response' }>> {
      await reclaimIdle();
      const handle = appInstance(viewerId, instanceId, port);
      const result = await driver
        .httpRequest(handle, { port, ...request })
        .catch((): HttpRelayResult => ({ kind: 'error', message: 'the instance did not answer' }));
      if (result.kind === 'refused') throw ContainersErrors.appRefused();
      // An informational or made-up status is not an answer a browser can be given.
      if (result.kind !== 'response' || result.status < 200 || result.status > 599) {
        throw ContainersErrors.appNoResponse();
      }
      return result;
    },

    /**
     * Opens a WebSocket to the learner's app (who may: as for relayToApp): a TCP stream inside the instance,
     * the browser's handshake sent over it, the app's answer read. The caller relays the stream afterwards
     * (or destroys it when the app did not switch protocols). Opening counts as activity, the traffic does not.
     */
    async connectAppSocket(
      viewerId: number | null,
      instanceId: string,
      port: number,
      upgrade: AppUpgrade,
    ): Promise<AppHandshake & { stream: Duplex }> {
      await reclaimIdle();
      const handle = appInstance(viewerId, instanceId, port);
      const request = appUpgradeRequest(upgrade.path, upgrade.headers, port, upgrade.prefix);
      if (request === null) throw ContainersErrors.appNoResponse();
      const opened = await driver
        .openTcpStream(handle, { port, timeoutMs: APP_SOCKET_TIMEOUT_MS })
        .catch(() => ({ kind: 'error' as const }));
      if (opened.kind === 'refused') throw ContainersErrors.appRefused();
      if (opened.kind !== 'open') throw ContainersErrors.appNoResponse();
      const { stream } = opened;
      const open = appStreams.get(instanceId) ?? new Set<Duplex>();
      appStreams.set(instanceId, open);
      open.add(stream);
      stream.once('close', () => open.delete(stream));
      // The instance may have been released while connecting.
      if (!handles.has(instanceId)) stream.destroy();
      const handshake = await handshakeWithApp(stream, request, APP_SOCKET_TIMEOUT_MS);
      const status = handshake?.answer.status ?? 0;
      // Any answer but a switch of protocols or a final status is not one a browser can be given.
      if (!handshake || (status !== 101 && (status < 200 || status > 599))) {
        stream.destroy();
        throw ContainersErrors.appNoResponse();
      }
      return { ...handshake, stream };
    },

    /**
     * Starts the desktop of the caller's instance (Xvfb, a window manager and x11vnc inside the sandbox;
     * apps/runner desktop.ts), or finds it running. An instance of a profile without a desktop (the
     * course's sandbox was started by a Terminal widget) is 409; a desktop that does not come up is 503
     * with the first line of the reason. Counts as activity.
     */
    async startDesktop(userId: number, instanceId: string, size: { width: number; height: number }) {
      await reclaimIdle();
      const record = ownInstance(userId, instanceId);
      const handle = ownHandle(userId, instanceId);
      const desktop = findProfile(record.imageName)?.desktop;
      if (!desktop) throw ContainersErrors.noDesktop();
      const result = await driver
        .exec(handle, desktopStartCommand(desktop, size), { timeoutMs: DESKTOP_START_TIMEOUT_MS })
        .catch(() => null);
      if (result?.exitCode !== 0) {
        const reason = (result?.stdout ?? '').split('\n')[0]?.trim().slice(0, 200) ?? '';
        throw ContainersErrors.desktopFailed(reason);
      }
      return { status: 'running' as const };
    },

    /** Refuses unless the instance is the caller's and has a desktop; checked before the VNC socket is accepted. */
    async checkDesktop(userId: number, instanceId: string): Promise<void> {
      await reclaimIdle();
      const record = ownInstance(userId, instanceId);
      ownHandle(userId, instanceId);
      if (!findProfile(record.imageName)?.desktop) throw ContainersErrors.noDesktop();
    },

    /**
     * A TCP stream to the desktop's VNC server inside the caller's instance (the browser's noVNC speaks RFB
     * over it, relayed by the route). Closed with the instance. Opening counts as activity, the traffic does not.
     */
    async connectDesktop(userId: number, instanceId: string): Promise<Duplex> {
      await reclaimIdle();
      const record = ownInstance(userId, instanceId);
      const handle = ownHandle(userId, instanceId);
      const desktop = findProfile(record.imageName)?.desktop;
      if (!desktop) throw ContainersErrors.noDesktop();
      const opened = await driver
        .openTcpStream(handle, { port: desktop.port, timeoutMs: APP_SOCKET_TIMEOUT_MS })
        .catch(() => ({ kind: 'error' as const }));
      if (opened.kind !== 'open') throw ContainersErrors.desktopNotRunning();
      const { stream } = opened;
      const open = appStreams.get(instanceId) ?? new Set<Duplex>();
      appStreams.set(instanceId, open);
      open.add(stream);
      stream.once('close', () => open.delete(stream));
      if (!handles.has(instanceId)) stream.destroy();
      return stream;
    },

    async close(): Promise<void> {
      await Promise.all(allRecords().map(release));
    },
  };
}

export type ContainersService = ReturnType<typeof createContainersService>;
