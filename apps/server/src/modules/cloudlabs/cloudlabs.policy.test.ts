import { describe, expect, it } from 'vitest';
import {
  CHECK_OUTPUT_LIMIT,
  isWorkspacePath,
  presentCheckOutput,
  progressOf,
  statusOf,
} from './cloudlabs.policy.js';

describe('cloud lab rules', () => {
  it('counts completed tasks; a lab is done when every task is', () => {
    expect(statusOf({ 7: 'completed' }, 7)).toBe('completed');
    expect(statusOf(undefined, 7)).toBe('default');
    expect(progressOf([7, 8], undefined)).toEqual({
      is_begun: false,
      completed: 0,
      total: 2,
      is_done: false,
    });
    expect(progressOf([7, 8], { taskStatus: { 7: 'completed' } })).toMatchObject({
      completed: 1,
      is_done: false,
    });
    expect(progressOf([7, 8], { taskStatus: { 7: 'completed', 8: 'completed' } }).is_done).toBe(true);
    expect(progressOf([], { taskStatus: {} }).is_done).toBe(false);
  });

  it('masks the lab variables in a check’s output and caps it', () => {
    expect(presentCheckOutput('key KEY1 and SECRET2, again SECRET2', ['KEY1', 'SECRET2'])).toBe(
      'key ******** and ********, again ********',
    );
    const long = presentCheckOutput('x'.repeat(CHECK_OUTPUT_LIMIT + 10), []);
    expect(long.startsWith('x'.repeat(CHECK_OUTPUT_LIMIT))).toBe(true);
    expect(long).toContain('(output cut)');
  });

  it('accepts only relative workspace paths', () => {
    expect(isWorkspacePath('projects/billing/settings.ini')).toBe(true);
    for (const bad of ['/etc/passwd', '../up', 'a//b', './a', 'a/../b'])
      expect(isWorkspacePath(bad)).toBe(false);
  });
});
