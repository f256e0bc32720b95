import os from 'node:os';
import type { LanguageId } from './types.js';

/** Limits of one sandboxed step. Sizes in bytes, times in milliseconds unless the name says otherwise. */
export interface StepLimits {
  wallMs: number;
  cpuSeconds: number;
  memoryBytes: number;
  processes: number;
  fileSizeBytes: number;
  openFiles: number;
  tmpfsBytes: number;
  outputBytes: number;
}

export interface RunnerConfig {
  /** Concurrent sandboxes (default: CPU cores). */
  slots?: number;
  /** Requests allowed to wait for a slot before queue_full (default: 8 per slot). */
  queueSize?: number;
  /**
   * First uid/gid of the pool; slot i runs as uidBase + i. These ids must not belong to anything else on
   * the host, and two runners on one host need disjoint ranges (the leftover-process sweep kills by uid).
   */
  uidBase?: number;
  bwrapPath?: string;
  /** `auto`: use the memory/pids/cpuacct cgroups delegated to this process if writable; `off`: rlimits only. */
  cgroups?: 'auto' | 'off';
  /** Upper bounds and defaults applied to requests. */
  limits?: Partial<RunnerLimits>;
  /** Bytes of compiled programs kept in memory, keyed by source hash (default 128 MiB). */
  compileCacheBytes?: number;
  /** Languages this deployment does not offer; they answer "unavailable" like a missing toolchain. */
  disabledLanguages?: LanguageId[];
}

export interface RunnerLimits {
  /** Default wall-clock limit per run or per judge case (spec: timeLimit 30). */
  defaultTimeLimitSeconds: number;
  maxTimeLimitSeconds: number;
  defaultMemoryMb: number;
  maxMemoryMb: number;
  processes: number;
  fileSizeMb: number;
  openFiles: number;
  tmpfsMb: number;
  /** Per stream (stdout, stderr) and per judge case. */
  outputBytes: number;
  /** Output beyond this many bytes in total kills the run (`output_limit`) instead of draining forever. */
  outputKillBytes: number;
  /** Whole judge submission (all cases in one sandbox). */
  judgeWallSeconds: number;
  maxTestCases: number;
  compileTimeSeconds: number;
  compileMemoryMb: number;
  compileProcesses: number;
  /** Total source bytes (entry, additional files, tests, hidden code). */
  maxSourceBytes: number;
  maxFiles: number;
  maxStdinBytes: number;
}

export const DEFAULT_LIMITS: RunnerLimits = {
  defaultTimeLimitSeconds: 30,
  maxTimeLimitSeconds: 30,
  defaultMemoryMb: 256,
  maxMemoryMb: 1024,
  processes: 64,
  fileSizeMb: 16,
  openFiles: 256,
  tmpfsMb: 64,
  outputBytes: 64 * 1024,
  outputKillBytes: 8 * 1024 * 1024,
  judgeWallSeconds: 120,
  maxTestCases: 100,
  compileTimeSeconds: 30,
  compileMemoryMb: 1536,
  compileProcesses: 256,
  maxSourceBytes: 512 * 1024,
  maxFiles: 50,
  maxStdinBytes: 1024 * 1024,
};

export interface ResolvedConfig {
  slots: number;
  queueSize: number;
  uidBase: number;
  bwrapPath: string;
  cgroups: 'auto' | 'off';
  limits: RunnerLimits;
  compileCacheBytes: number;
  disabledLanguages: LanguageId[];
}

export function resolveConfig(config: RunnerConfig = {}): ResolvedConfig {
  const slots = Math.max(1, Math.floor(config.slots ?? os.availableParallelism()));
  return {
    slots,
    queueSize: Math.max(0, Math.floor(config.queueSize ?? slots * 8)),
    uidBase: config.uidBase ?? 61000,
    bwrapPath: config.bwrapPath ?? '/usr/bin/bwrap',
    cgroups: config.cgroups ?? 'auto',
    limits: { ...DEFAULT_LIMITS, ...config.limits },
    compileCacheBytes: config.compileCacheBytes ?? 128 * 1024 * 1024,
    disabledLanguages: config.disabledLanguages ?? [],
  };
}

export const MiB = 1024 * 1024;
