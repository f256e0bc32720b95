import { describe, expect, it } from 'vitest';
import { BusinessTier, FeatureSet } from './commerce.js';
import {
  capAttributionText,
  isFresh,
  isUnexpectedEvent,
  LOGGED_OUT_FACTS,
  parseAffiliatePathId,
  type SegmentFacts,
  UserKind,
  userSegmentOf,
} from './growth.js';
import { AdminLevel, EnterpriseRole } from './organizations.js';

const learner: SegmentFacts = { ...LOGGED_OUT_FACTS, loggedIn: true, email: 'ada@example.com' };
const everything: SegmentFacts = {
  ...learner,
  memberships: [
    { role: EnterpriseRole.Learner, adminLevel: null, isTeamManager: false, subscriptionType: 6003 },
  ],
  hasActiveB2cTrial: true,
  isGithubScholar: true,
  currentPlan: { featureSet: FeatureSet.Premium, validityMonths: 12 },
  lastPlan: { featureSet: FeatureSet.Premium, validityMonths: 12 },
  isTeamBuyAdmin: true,
  isTeamSeatHolder: true,
  isEmailSubscriber: true,
  isDomainSubscriber: true,
  ownsPaidCourses: true,
};

describe('userSegmentOf (001 §4: checked in this order)', () => {
  it('takes the first step that holds, peeling one fact away at a time', () => {
    const peel: Array<[Partial<SegmentFacts>, number, string]> = [
      [{}, 2, 'enterprise_member_6003'],
      [{ memberships: [] }, 3, 'b2c_trial'],
      [{ hasActiveB2cTrial: false }, 4, 'github_scholar'],
      [{ isGithubScholar: false }, 5, 'subscriber_annual_premium'],
      [{ currentPlan: null }, 6, 'team_admin'],
      [{ isTeamBuyAdmin: false }, 7, 'team_subscriber'],
      [{ isTeamSeatHolder: false }, 8, 'email_subscriber'],
      [{ isEmailSubscriber: false }, 9, 'domain_subscriber'],
      [{ isDomainSubscriber: false }, 10, 'a_la_carte'],
      [{ ownsPaidCourses: false }, 11, 'non_paying'],
    ];
    let facts = everything;
    for (const [change, step, segment] of peel) {
      facts = { ...facts, ...change };
      expect(userSegmentOf(facts)).toMatchObject({ step, segment });
    }
    expect(userSegmentOf(LOGGED_OUT_FACTS)).toEqual({
      step: 1,
      segment: 'logged_out',
      user_kind: UserKind.LoggedOut,
    });
  });

  it('names team and enterprise roles with the subscription type', () => {
    const member = (
      role: number,
      subscriptionType: number,
      adminLevel: number | null = null,
      isTeamManager = false,
    ) =>
      userSegmentOf({ ...learner, memberships: [{ role, adminLevel, isTeamManager, subscriptionType }] })
        .segment;
    expect(member(EnterpriseRole.Admin, BusinessTier.Team)).toBe('team_buy_admin');
    expect(member(EnterpriseRole.Learner, BusinessTier.Team, null, true)).toBe('team_buy_admin');
    expect(member(EnterpriseRole.Learner, BusinessTier.Team)).toBe('team_subscriber');
    expect(member(EnterpriseRole.Admin, 6004, AdminLevel.SuperAdmin)).toBe('enterprise_super_admin_6004');
    expect(member(EnterpriseRole.Admin, 6003, AdminLevel.SubAdmin)).toBe('enterprise_sub_admin_6003');
    expect(member(EnterpriseRole.Manager, 6005)).toBe('enterprise_manager_6005');
  });

  it('reports a churned subscriber only while the holiday campaign is on', () => {
    const churned = {
      ...learner,
      lastPlan: { featureSet: FeatureSet.Standard, validityMonths: 1 },
      isChurnedDiscountCohort: true,
    };
    expect(userSegmentOf(churned).segment).toBe('non_paying');
    expect(userSegmentOf({ ...churned, holidayCampaign: true })).toMatchObject({
      step: 5,
      segment: 'churned_subscriber_monthly_standard',
    });
  });

  it('tells internal staff, B2B and B2C users apart', () => {
    expect(userSegmentOf({ ...learner, email: 'sam@coderoom.dev' }).user_kind).toBe(UserKind.InternalStaff);
    expect(userSegmentOf({ ...learner, email: 'sam@qa.coderoom.test' }).user_kind).toBe(
      UserKind.InternalStaff,
    );
    expect(userSegmentOf({ ...learner, email: 'sam@notcoderoom.dev' }).user_kind).toBe(UserKind.B2cUser);
    expect(userSegmentOf(everything).user_kind).toBe(UserKind.B2bUser);
  });
});

describe('growth rules', () => {
  it('cuts attribution text at 512 characters', () => {
    expect(capAttributionText('a'.repeat(600))).toHaveLength(512);
    expect(capAttributionText('short')).toBe('short');
  });

  it('keeps items for 7 days', () => {
    const week = 7 * 86_400_000;
    expect(isFresh(1_000, 1_000 + week - 1, week)).toBe(true);
    expect(isFresh(1_000, 1_000 + week, week)).toBe(false);
    expect(isFresh(Number.NaN, 1_000, week)).toBe(false);
  });

  it('flags "undefined" in action or label', () => {
    expect(isUnexpectedEvent({ action: 'open', label: 'undefined' })).toBe(true);
    expect(isUnexpectedEvent({ action: 'buy-undefined' })).toBe(true);
    expect(isUnexpectedEvent({ action: 'open', label: 'plan' })).toBe(false);
  });

  it('reads affiliate ids with or without the underscore prefix', () => {
    expect(parseAffiliatePathId('_42')).toBe(42);
    expect(parseAffiliatePathId('42')).toBe(42);
    expect(parseAffiliatePathId('__42')).toBeNull();
    expect(parseAffiliatePathId('0')).toBeNull();
    expect(parseAffiliatePathId('42abc')).toBeNull();
  });
});
