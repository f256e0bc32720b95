import fs from 'node:fs';
import { groupFileOf, readKey } from '../sandbox/cgroupFs.js';
import type { InstanceCpuGroup } from './cpuQuota.js';
import { InstanceError, InstanceErrorCode, type InstanceLimits } from './types.js';

// An instance's limits, and the readings that tell when it ran into them: the workspace's fill, refused
// forks, CPU use and throttling (the server's terminal hub polls them for the "limit exceeded" event).

export const DEFAULT_INSTANCE_LIMITS: InstanceLimits = {
  memoryMb: 256,
  processes: 64,
  workspaceMb: 128,
  fileSizeMb: 64,
  openFiles: 256,
  execTimeoutMs: 60_000,
  outputBytes: 64 * 1024,
  cpuPercent: 100,
};

/** The limits a request asks for, never above the driver's; a missing one is the driver's. */
export function clampLimits(defaults: InstanceLimits, asked: Partial<InstanceLimits> = {}): InstanceLimits {
  const limits = { ...defaults };
  for (const key of Object.keys(defaults) as Array<keyof InstanceLimits>) {
    const value = asked[key];
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value <= 0) {
      throw new InstanceError(InstanceErrorCode.InvalidRequest, `limits.${key} must be a positive number`);
    }
    limits[key] = Math.min(defaults[key], Math.floor(value));
  }
  return limits;
}

/** Agent answers when a request cannot get a thread or process (agent.ts, Python's own messages). */
const PROCESS_LIMIT_ERRORS =
  /the instance has reached its process limit|can't start new thread|Resource temporarily unavailable/;

/** Whether the agent refused a request because the instance is at its process limit. */
export function isProcessLimitRefusal(error: string): boolean {
  return PROCESS_LIMIT_ERRORS.test(error);
}

/**
 * How full the workspace tmpfs is, read from the host through the sandbox's root (`/proc/<pid>/root`), so
 * nothing inside the instance has to be asked or trusted.
 */
export function workspaceUse(innerPid: number | null): { usedBytes: number; sizeBytes: number } | null {
  if (innerPid === null) return null;
  try {
    const stats = fs.statfsSync(`/proc/${innerPid}/root/box`);
    return { usedBytes: (stats.blocks - stats.bfree) * stats.bsize, sizeBytes: stats.blocks * stats.bsize };
  } catch {
    return null;
  }
}

/** The pids.events file of the instance's group (fork refusals at the process limit); null without one. */
export function pidsEventsFileOf(pid: number): string | null {
  return groupFileOf(pid, 'pids', 'pids.events');
}

/** Forks refused at the process limit so far; null when the file cannot be read (the group is gone). */
export function readProcessLimitHits(pidsEventsFile: string): number | null {
  return readKey(pidsEventsFile, 'max');
}

/** CPU used by the instance and how often its quota held it back, from its quota group. */
export function cpuMeasurements(cpu: InstanceCpuGroup | null): {
  usageMs: number | null;
  throttledPeriods: number;
} {
  return {
    usageMs: cpu?.usageMs() ?? null,
    throttledPeriods: cpu?.throttledPeriods() ?? 0,
  };
}
