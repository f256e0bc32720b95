import { SESSION_IDLE_TIMEOUT_MS } from '@coderoom/domain';
import { describe, expect, it } from 'vitest';
import { idlePhase } from './idlePhase';

describe('idlePhase', () => {
  it('is active, then warns a minute before 15 minutes, then expires', () => {
    const t0 = 1_000_000;
    expect(idlePhase(t0, t0 + 60_000, SESSION_IDLE_TIMEOUT_MS)).toBe('active');
    expect(idlePhase(t0, t0 + SESSION_IDLE_TIMEOUT_MS - 60_001, SESSION_IDLE_TIMEOUT_MS)).toBe('active');
    expect(idlePhase(t0, t0 + SESSION_IDLE_TIMEOUT_MS - 60_000, SESSION_IDLE_TIMEOUT_MS)).toBe('warning');
    expect(idlePhase(t0, t0 + SESSION_IDLE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS)).toBe('expired');
  });

  it('keeps a warning window for short test timeouts', () => {
    expect(idlePhase(0, 2_500, 4_000)).toBe('warning');
    expect(idlePhase(0, 1_000, 4_000)).toBe('active');
  });
});
