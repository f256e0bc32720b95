import { describe, expect, it } from 'vitest';
import {
  CHECK_OUTPUT_LIMIT,
  canAccessCloudLabs,
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

describe('can_access_cloudlabs', () => {
  const member = (canAccessCloudlabs: boolean) => ({ organizationId: 7, canAccessCloudlabs });

  it('lets everyone on the platform itself use cloud labs', () => {
    expect(canAccessCloudLabs({ memberships: [], activeOrganizationId: null })).toBe(true);
    expect(canAccessCloudLabs({ memberships: [member(false)], activeOrganizationId: null })).toBe(true);
  });

  it('inside an organization, follows what the organization enabled', () => {
    expect(canAccessCloudLabs({ memberships: [member(true)], activeOrganizationId: 7 })).toBe(true);
    expect(canAccessCloudLabs({ memberships: [member(false)], activeOrganizationId: 7 })).toBe(false);
    // No membership for the active organization: nothing was granted.
    expect(canAccessCloudLabs({ memberships: [member(true)], activeOrganizationId: 8 })).toBe(false);
  });
});
