export type { RunnerConfig, RunnerLimits } from './config.js';
export { DEFAULT_LIMITS } from './config.js';
export { RunnerError, RunnerErrorCode, RunnerErrorStatus, RunnerMessages } from './errors.js';
export * from './instances/index.js';
export { outputsMatch } from './judge/compare.js';
export {
  createRunnerHttpService,
  RUNNER_CALL_PATH,
  RUNNER_HEALTH_PATH,
  RunnerServiceMessages,
} from './remote/httpService.js';
export {
  createRemoteRunner,
  type RemoteRunner,
  type RemoteRunnerHost,
  RemoteRunnerMessages,
} from './remote/remoteRunner.js';
export { createRunnerProcess, type RunnerProcess, RunnerProcessMessages } from './remote/runnerProcess.js';
export { createRunner, type Runner } from './runner.js';
export { BASE_BINDS } from './sandbox/layout.js';
export { plainPythonSandbox } from './sandbox/sandbox.js';
export * from './types.js';
