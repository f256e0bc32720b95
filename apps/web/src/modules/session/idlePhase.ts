export type IdlePhase = 'active' | 'warning' | 'expired';

/** How long before the timeout the "about to expire" warning shows. */
export const IDLE_WARNING_MS = 60_000;

/** Pure rule behind the idle dialogs: warn shortly before the timeout, expire at it. */
export function idlePhase(lastActivityMs: number, nowMs: number, timeoutMs: number): IdlePhase {
  const idle = nowMs - lastActivityMs;
  if (idle >= timeoutMs) return 'expired';
  if (idle >= timeoutMs - Math.min(IDLE_WARNING_MS, timeoutMs / 2)) return 'warning';
  return 'active';
}
