import { describe, expect, it } from 'vitest';
import {
  activeOrganizationId,
  alreadyAddedMessage,
  assertAnalyticsValue,
  assessmentEstimateText,
  categoryTitle,
  certificateAction,
  checkoutTypeFor,
  codeFeedback,
  companyName,
  courseUrlList,
  createdToast,
  createFailedToast,
  date,
  discountPercent,
  domain,
  formatDate,
  formatDuration,
  formatPlanKey,
  formatRelativeTime,
  id,
  isCollectionVisible,
  isCompleteCommentAction,
  isDownloadableImage,
  isPremium,
  isProjectDone,
  isUnexpectedAnalyticsEvent,
  isUpgrade,
  isValidDockerImageName,
  isValidTableSize,
  jobName,
  month,
  parsePlanKey,
  phone,
  port,
  SkillLevel,
  skillLevelFor,
  subscriptionOptionLabel,
  testingContainerState,
  totalPrice,
  transactionId,
  tweetUrl,
  uuidV4,
  validatePhone,
  workEmail,
} from './index.js';

describe('content rules', () => {
  it('names the opposite role for a duplicate person', () => {
    expect(alreadyAddedMessage('a@b.co', 'collaborator')).toBe('a@b.co is already added as a reviewer.');
    expect(alreadyAddedMessage('a@b.co', 'reviewer')).toBe('a@b.co is already added as a collaborator.');
  });
  it('uses Path for plans in the create toasts', () => {
    expect(createdToast('Course')).toBe('Successfully Created Course');
    expect(createFailedToast('Plan')).toBe('Failed to create new Path');
  });
  it('limits tables to 1-10 rows and 1-4 columns', () => {
    expect(isValidTableSize(1, 1)).toBe(true);
    expect(isValidTableSize(10, 4)).toBe(true);
    expect(isValidTableSize(11, 4)).toBe(false);
    expect(isValidTableSize(3, 5)).toBe(false);
    expect(isValidTableSize(0, 2)).toBe(false);
  });
  it('titles empty categories and checks image extensions', () => {
    expect(categoryTitle('  ')).toBe('Untitled Category');
    expect(categoryTitle('Basics')).toBe('Basics');
    expect(isDownloadableImage('a.PNG')).toBe(true);
    expect(isDownloadableImage('a.webp')).toBe(false);
  });
});

describe('practice rules', () => {
  it('estimates an assessment', () => {
    expect(assessmentEstimateText(6)).toBe('Est. 3 mins (Approx. 6 Qs)');
    expect(assessmentEstimateText(7)).toBe('Est. 4 mins (Approx. 7 Qs)');
  });
  it('maps scores to skill levels', () => {
    expect(skillLevelFor(100)).toBe(SkillLevel.Beginner);
    expect(skillLevelFor(500)).toBe(SkillLevel.Proficient);
    expect(skillLevelFor(750)).toBe(SkillLevel.Expert);
  });
  it('finishes a project when every task is completed', () => {
    expect(isProjectDone([{ status: 'completed' }, { status: 'completed' }])).toBe(true);
    expect(isProjectDone([{ status: 'completed' }, { status: 'default' }])).toBe(false);
    expect(isProjectDone([])).toBe(false);
  });
});

describe('container rules', () => {
  it('needs three slash-separated parts in an image name', () => {
    expect(isValidDockerImageName('registry/team/image')).toBe(true);
    expect(isValidDockerImageName('team/image')).toBe(false);
  });
  it('treats any testing status but allocated as allocation failed', () => {
    expect(testingContainerState('allocated')).toBe('allocated');
    expect(testingContainerState('pulling')).toBe('allocation failed');
  });
});

describe('commerce rules', () => {
  it('parses and formats plan keys', () => {
    expect(parsePlanKey('300-12-6003')).toEqual({ featureSet: 300, validityMonths: 12, planType: 6003 });
    expect(formatPlanKey({ featureSet: 400, validityMonths: 24, planType: 6000 })).toBe('400-24-6000');
    expect(parsePlanKey('premium')).toBeNull();
    expect(isPremium(300) && isPremium(400) && !isPremium(200)).toBe(true);
  });
  it('maps team checkout types and refuses unknown ones', () => {
    expect(checkoutTypeFor('team_seats')).toBe('enterprise_seats');
    expect(checkoutTypeFor('gift')).toBe('gift');
    expect(() => checkoutTypeFor('free_lunch')).toThrow('Unexpected checkout type');
  });
  it('decides upgrades, discounts and totals', () => {
    const current = { featureSet: 200, validityMonths: 12, expired: false };
    expect(isUpgrade(current, { featureSet: 300, validityMonths: 1, planType: 6000 })).toBe(true);
    expect(isUpgrade(current, { featureSet: 200, validityMonths: 24, planType: 6000 })).toBe(true);
    expect(isUpgrade(current, { featureSet: 200, validityMonths: 12, planType: 6000 })).toBe(false);
    expect(
      isUpgrade({ ...current, expired: true }, { featureSet: 400, validityMonths: 24, planType: 6000 }),
    ).toBe(false);
    expect(discountPercent({ specialDiscount: 40, monthlyPrice: 10, monthlyDiscountedPrice: 9 })).toBe(40);
    expect(discountPercent({ monthlyPrice: 20, monthlyDiscountedPrice: 15 })).toBe(25);
    expect(discountPercent({ monthlyPrice: 20, monthlyDiscountedPrice: 25 })).toBe(0);
    expect(
      totalPrice({
        price: 100,
        credit: -10,
        couponDiscount: -5,
        couponNeverExpires: true,
        upgradeDiscount: -1,
      }),
    ).toBe(89);
  });
  it('follows the certificate claim rule', () => {
    expect(certificateAction('active', false)).toBe('view');
    expect(certificateAction('revoked_by_admin', true)).toBeNull();
    expect(certificateAction('pending_verification', false)).toBeNull();
    expect(certificateAction('revoked_chargeback', true)).toBe('claim_email');
    expect(certificateAction('verification_failed', false)).toBe('claim');
  });
});

describe('organization rules', () => {
  it('keeps the stored organization only while still a member', () => {
    expect(activeOrganizationId(2, [1, 2])).toBe(2);
    expect(activeOrganizationId(3, [1, 2])).toBe(1);
    expect(activeOrganizationId(null, [])).toBeNull();
  });
  it('applies the visibility rules', () => {
    const course = { author_id: 1, collection_id: 10, is_private: false, categories: ['web'] };
    expect(isCollectionVisible({}, course)).toBe(true);
    expect(isCollectionVisible({ included_courses_list: [{ author_id: 1, work_id: 11 }] }, course)).toBe(
      false,
    );
    expect(isCollectionVisible({ included_categories_list: ['web'] }, course)).toBe(true);
    expect(isCollectionVisible({ excluded_courses_list: [{ author_id: 1, work_id: 10 }] }, course)).toBe(
      false,
    );
    expect(
      isCollectionVisible(
        { excluded_courses_list: [{ author_id: 1, work_id: 10 }] },
        { ...course, is_private: true },
      ),
    ).toBe(true);
  });
  it('validates phone numbers and labels subscriptions', () => {
    expect(validatePhone('')).toBe('Phone number is required.');
    expect(validatePhone('12ab')).toBe('Invalid Phone Number');
    expect(validatePhone('123456789')).toBe('Phone number should be at least 10 digits long.');
    expect(validatePhone('1234567890123456')).toBe('Phone number should be at most 15 digits long.');
    expect(validatePhone('1234567890')).toBeNull();
    expect(subscriptionOptionLabel(2, { subscriptionName: 'Acme', poolSize: 5 })).toBe(
      'Subscription 2 - Acme - 5 seats',
    );
  });
});

describe('work rules', () => {
  it('ignores incomplete comment actions', () => {
    expect(isCompleteCommentAction({ documentKey: 'd', commentId: 1, text: 't', userId: 2 })).toBe(true);
    expect(isCompleteCommentAction({ documentKey: 'd', commentId: 1, text: '', userId: 2 })).toBe(false);
  });
});

describe('time', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  it('shows relative times, then the full date past 8 days', () => {
    expect(formatRelativeTime(now - 30_000, now)).toBe('A few seconds ago');
    expect(formatRelativeTime(now - 60_000, now)).toBe('1 minute ago');
    expect(formatRelativeTime(now - 5 * 3_600_000, now)).toBe('5 hours ago');
    expect(formatRelativeTime(now - 3 * 86_400_000, now)).toBe('3 days ago');
    expect(formatRelativeTime(now - 8 * 86_400_000, now)).toBe('1 week ago');
    expect(formatRelativeTime(now - 9 * 86_400_000, now)).toBe('Nov 13, 2026');
    expect(formatRelativeTime(now - 40 * 86_400_000, now, { fullDateAfterDays: 400 })).toBe('1 month ago');
  });
  it('formats dates and durations', () => {
    expect(formatDate(Date.UTC(2026, 0, 5))).toBe('Jan 5, 2026');
    expect(formatDuration(59)).toBe('0m');
    expect(formatDuration(3900)).toBe('1h 5m');
    expect(formatDuration(2 * 86_400 + 3 * 3600)).toBe('2d 3h');
  });
});

describe('more validators', () => {
  it('use the spec wording', () => {
    expect(tweetUrl('Tweet', 'https://example.com')).toBe('Tweet must be a valid tweet URL.');
    expect(tweetUrl('Tweet', 'https://x.com/coderoom/status/123')).toBeNull();
    expect(phone('Phone', 'call me')).toBe('Phone is not valid.');
    expect(port('Port', '8800')).toBe('Port must be in range 3000-8799 or 9300-65535');
    expect(port('Port', '8799')).toBeNull();
    expect(port('Port', '9300')).toBeNull();
    expect(date('Due date', '2026-02-30')).toBe('Due date must be in yyyy-mm-dd format.');
    expect(date('Due date', '2026-02-28')).toBeNull();
    expect(month('Month', '2026-13')).toBe('Month must be in yyyy-mm format.');
    expect(id('Id', 'A0')).toBe('Id can only contain a-z 1-9 - _ + #');
    expect(transactionId('Transaction', 'tx#1')).toBe('Transaction can only contain a-z 1-9 - _');
    expect(uuidV4('Key', '123')).toBe('Key must be a valid uuidV4.');
    expect(uuidV4('Key', '9b2f4c1e-3d5a-4b6c-8d7e-1f2a3b4c5d6e')).toBeNull();
    expect(courseUrlList('/courses/intro-to-go, https://example.com/x')).toBe(
      'Please enter valid courses url',
    );
    expect(courseUrlList('/courses/intro-to-go https://coderoom.dev/courses/rust-basics')).toBeNull();
    expect(domain('Domain', 'not a domain')).toBe('Domain must be a valid domain');
    expect(domain('Domain', 'team.example.com')).toBeNull();
    expect(jobName('Build', ['build', 'test'])).toBe('A job with the same name already exists');
    expect(codeFeedback('x'.repeat(1025))).toBeTruthy();
    expect(codeFeedback('x'.repeat(1024))).toBeNull();
    expect(workEmail('ada@gmail.com')).toBe('Please use your work email.');
    expect(workEmail('ada@acme.io')).toBeNull();
    expect(companyName('!')).toBe('Company name is invalid');
    expect(() => assertAnalyticsValue('1')).toThrow('GA event value can only be a number');
    expect(isUnexpectedAnalyticsEvent('click', 'undefined')).toBe(true);
  });
});
