export type { RunnerConfig, RunnerLimits } from './config.js';
export { DEFAULT_LIMITS } from './config.js';
export { RunnerError, RunnerErrorCode, RunnerErrorStatus, RunnerMessages } from './errors.js';
export * from './instances/index.js';
export { outputsMatch } from './judge/compare.js';
export { createRunnerProcess, type RunnerProcess, RunnerProcessMessages } from './remote/runnerProcess.js';
export { createRunner, type Runner } from './runner.js';
export * from './types.js';
