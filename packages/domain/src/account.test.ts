import { describe, expect, it } from 'vitest';
import {
  AccountMessages,
  canChangeViewedFlag,
  organizationLanding,
  postLoginHome,
  themeChoiceForAccount,
  validateEmail,
  validateFullName,
  validatePassword,
} from './account.js';

describe('validateEmail', () => {
  it('accepts ordinary addresses and refuses the rest with the spec message', () => {
    expect(validateEmail('ada@example.com')).toBeNull();
    expect(validateEmail(' ada.lovelace+code@mail.example.co.uk ')).toBeNull();
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com', 42, undefined]) {
      expect(validateEmail(bad)).toBe(AccountMessages.InvalidEmail);
    }
    expect(AccountMessages.InvalidEmail).toBe('Invalid Email Address');
  });
});

describe('validateFullName', () => {
  it('requires a name of at most 100 characters without special characters', () => {
    expect(validateFullName('Grace Hopper')).toBeNull();
    expect(validateFullName("Seán O'Brien-Ó Dálaigh Jr.")).toBeNull();
    expect(validateFullName('李小龍')).toBeNull();
    expect(validateFullName('')).toBe("Full name can't be blank.");
    expect(validateFullName('   ')).toBe("Full name can't be blank.");
    expect(validateFullName('a'.repeat(101))).toBe(
      'Full name field must be between 1 and 100 characters long',
    );
    expect(validateFullName('a'.repeat(100))).toBeNull();
    expect(validateFullName('Robert; DROP')).toBe('Full name cannot contain special characters.');
    expect(validateFullName('R2D2', 'Name')).toBe('Name cannot contain special characters.');
  });
});

describe('validatePassword', () => {
  it('needs 8 to 64 characters with upper, lower, digit and special', () => {
    expect(validatePassword('Str0ng!Pass')).toBeNull();
    expect(validatePassword('')).toBe("Password can't be blank.");
    expect(validatePassword('S0!s')).toBe('Password field must be between 8 and 64 characters long');
    expect(validatePassword(`Aa1!${'x'.repeat(61)}`)).toBe(
      'Password field must be between 8 and 64 characters long',
    );
    expect(validatePassword(`Aa1!${'x'.repeat(60)}`)).toBeNull();
    const pattern =
      'Password must contain an upper case letter, a lower case letter, a digit and a special character.';
    expect(validatePassword('alllower1!')).toBe(pattern);
    expect(validatePassword('ALLUPPER1!')).toBe(pattern);
    expect(validatePassword('NoDigits!!')).toBe(pattern);
    expect(validatePassword('NoSpecial11')).toBe(pattern);
  });
});

describe('canChangeViewedFlag', () => {
  it('only moves from unseen to seen', () => {
    expect(canChangeViewedFlag(false, true)).toBe(true);
    expect(canChangeViewedFlag(true, false)).toBe(false);
    expect(canChangeViewedFlag(true, true)).toBe(true);
  });
});

describe('postLoginHome', () => {
  it('follows the spec order', () => {
    expect(postLoginHome(null)).toBe('/');
    expect(postLoginHome({ user_id: null })).toBe('/');
    expect(postLoginHome({ user_id: 1 })).toBe('/learn/home');
    expect(
      postLoginHome({ user_id: 1, workflow_onboarding: { next_onboarding_stage: 'invite-member' } }),
    ).toBe('/onboarding/invite-member');
    expect(
      postLoginHome({
        user_id: 1,
        workflow_onboarding: { next_onboarding_stage: 'invite-member', is_onboarding_completed: true },
      }),
    ).toBe('/learn/home');
    const admin = { enable_new_nav_b2b: true, organizations: [{ is_admin: true }] };
    expect(postLoginHome({ user_id: 1, enterprise: admin })).toBe('/onboarding/admin');
    const manager = { enable_new_nav_b2b: true, organizations: [{ is_manager: true }] };
    expect(postLoginHome({ user_id: 1, enterprise: manager })).toBe(
      '/enterprise-dashboard/manager-dashboard',
    );
    expect(postLoginHome({ user_id: 1, enterprise: { ...manager, enable_new_nav_b2b: false } })).toBe(
      '/learn/home',
    );
  });

  it('lands organization users by role: admin, manager, mentor dashboard, mentee assigned plans', () => {
    const land = (...organizations: Array<Record<string, boolean>>) =>
      postLoginHome({ user_id: 1, enterprise: { enable_new_nav_b2b: true, organizations } });
    expect(land({ is_mentor: true }, { is_manager: true })).toBe('/enterprise-dashboard/manager-dashboard');
    expect(land({ is_mentee: true }, { is_mentor: true })).toBe('/onboarding/dashboard');
    expect(land({ is_mentee: true })).toBe('/onboarding/assigned-plans');
    expect(land({ is_mentee: true }, { is_admin: true })).toBe('/onboarding/admin');
    expect(organizationLanding([{}])).toBeNull();
  });
});

describe('themeChoiceForAccount', () => {
  it('prefers the system setting, and treats an unset theme as system', () => {
    expect(themeChoiceForAccount({ user_theme: 'dark', use_system_preference: false })).toBe('dark');
    expect(themeChoiceForAccount({ user_theme: 'dark', use_system_preference: true })).toBe('system');
    expect(themeChoiceForAccount({ user_theme: 'unset', use_system_preference: false })).toBe('system');
  });
});
