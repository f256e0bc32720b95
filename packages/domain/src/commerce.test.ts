import { describe, expect, it } from 'vitest';
import {
  CheckoutType,
  CouponMessages,
  checkoutTypeFor,
  couponDiscountCents,
  couponWindowRefusal,
  discountPercent,
  featureSetCovers,
  isUpgrade,
  mailboxOf,
  PathKind,
  pathKindOf,
  planCheckoutType,
  prorationCreditCents,
  siteCouponBannerShows,
  totalPrice,
  UNEXPECTED_CHECKOUT_TYPE,
} from './commerce.js';

const DAY = 86_400_000;

describe('proration', () => {
  const startsAt = new Date('2026-01-01T00:00:00Z');
  const expiresAt = new Date(startsAt.getTime() + 100 * DAY);
  it('credits the unused share of what the current term cost', () => {
    const now = new Date(startsAt.getTime() + 25 * DAY);
    expect(prorationCreditCents({ paidCents: 10_000, startsAt, expiresAt, now })).toBe(7500);
  });
  it('credits everything before the term starts and nothing after it ends', () => {
    expect(
      prorationCreditCents({
        paidCents: 10_000,
        startsAt,
        expiresAt,
        now: new Date(startsAt.getTime() - DAY),
      }),
    ).toBe(10_000);
    expect(prorationCreditCents({ paidCents: 10_000, startsAt, expiresAt, now: expiresAt })).toBe(0);
  });
  it('rounds down to whole cents', () => {
    const now = new Date(startsAt.getTime() + DAY / 3);
    expect(prorationCreditCents({ paidCents: 999, startsAt, expiresAt, now })).toBe(995);
  });
});

describe('upgrades and downgrades (001 §4)', () => {
  const current = { featureSet: 200, validityMonths: 12, expired: false };
  it('is an upgrade only to a higher feature set, or the same one for longer, on an unexpired plan', () => {
    expect(isUpgrade(current, { featureSet: 300, validityMonths: 1, planType: 6000 })).toBe(true);
    expect(isUpgrade(current, { featureSet: 200, validityMonths: 24, planType: 6000 })).toBe(true);
    expect(isUpgrade(current, { featureSet: 200, validityMonths: 12, planType: 6000 })).toBe(false);
    expect(isUpgrade(current, { featureSet: 100, validityMonths: 24, planType: 6000 })).toBe(false);
    expect(
      isUpgrade({ ...current, expired: true }, { featureSet: 400, validityMonths: 24, planType: 6000 }),
    ).toBe(false);
    expect(isUpgrade(null, { featureSet: 400, validityMonths: 24, planType: 6000 })).toBe(false);
  });
  it('offers an upgrade to a current subscriber, else a buy or a quick buy', () => {
    expect(planCheckoutType(true, false)).toBe(CheckoutType.Upgrade);
    expect(planCheckoutType(false, false)).toBe(CheckoutType.SubscriptionBuy);
    expect(planCheckoutType(false, true)).toBe(CheckoutType.QuickBuy);
  });
  it('orders tiers by code: premium plus covers premium, basic covers neither', () => {
    expect(featureSetCovers(400, 300)).toBe(true);
    expect(featureSetCovers(100, 200)).toBe(false);
  });
});

describe('prices (001 §5)', () => {
  it('takes the special discount, else the drop in monthly price, floored at 0', () => {
    expect(discountPercent({ specialDiscount: 55, monthlyPrice: 4900, monthlyDiscountedPrice: 2940 })).toBe(
      55,
    );
    expect(discountPercent({ monthlyPrice: 4900, monthlyDiscountedPrice: 2940 })).toBe(40);
    expect(discountPercent({ monthlyPrice: 4900, monthlyDiscountedPrice: 5900 })).toBe(0);
  });
  it('sums price, credit, coupon (unless it never expires) and upgrade discount', () => {
    const base = { price: 35_280, credit: -16_704, couponDiscount: -1000, upgradeDiscount: 0 };
    expect(totalPrice({ ...base, couponNeverExpires: false })).toBe(17_576);
    expect(totalPrice({ ...base, couponNeverExpires: true })).toBe(18_576);
  });
});

describe('checkout types and mailboxes', () => {
  it('maps team types to enterprise ones and refuses unknown ones', () => {
    expect(checkoutTypeFor('team_seats')).toBe(CheckoutType.EnterpriseSeats);
    expect(() => checkoutTypeFor('free_money')).toThrow(UNEXPECTED_CHECKOUT_TYPE);
  });
  it('reads the mailbox behind a +tag', () => {
    expect(mailboxOf('Ada+trial2@Example.com')).toBe('ada@example.com');
    expect(mailboxOf('ada@example.com')).toBe('ada@example.com');
  });
});

describe('coupons', () => {
  it('takes a percent (rounded down) or an amount off, never more than the price', () => {
    expect(couponDiscountCents({ percentOff: 20, amountOffCents: null }, 35280)).toBe(7056);
    expect(couponDiscountCents({ percentOff: 15, amountOffCents: null }, 999)).toBe(149);
    expect(couponDiscountCents({ percentOff: null, amountOffCents: 1000 }, 3900)).toBe(1000);
    expect(couponDiscountCents({ percentOff: null, amountOffCents: 5000 }, 3900)).toBe(3900);
    expect(couponDiscountCents({ percentOff: 100, amountOffCents: null }, 0)).toBe(0);
  });

  it('leaves a lasting discount out of the total (spec 001 §5)', () => {
    const base = { price: 10_000, credit: -2_000, upgradeDiscount: 0, couponDiscount: -1_000 };
    expect(totalPrice({ ...base, couponNeverExpires: false })).toBe(7_000);
    expect(totalPrice({ ...base, couponNeverExpires: true })).toBe(8_000);
  });

  it('refuses outside the validity window', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(couponWindowRefusal({ validFrom: null, validUntil: null }, now)).toBeNull();
    expect(couponWindowRefusal({ validFrom: new Date('2026-07-01T00:00:00Z'), validUntil: null }, now)).toBe(
      CouponMessages.NotYetValid,
    );
    expect(couponWindowRefusal({ validFrom: null, validUntil: now }, now)).toBe(CouponMessages.Expired);
  });

  it('shows the site coupon on discovery and content pages only', () => {
    const cases: Array<[string, PathKind, boolean]> = [
      ['/', PathKind.Discovery, true],
      ['/explore/free', PathKind.Discovery, true],
      ['/unlimited', PathKind.Discovery, true],
      ['/collection/page/1/2/3', PathKind.Content, true],
      ['/courses/go/abc', PathKind.Content, true],
      ['/collection/1/2/draft', PathKind.Authoring, false],
      ['/collectioneditor/1/2', PathKind.Authoring, false],
      ['/teach', PathKind.Authoring, false],
      ['/checkout/subscription_buy', PathKind.Checkout, false],
      ['/order-confirmation', PathKind.Checkout, false],
      ['/enterprise-dashboard/user-management', PathKind.Enterprise, false],
      ['/onboarding/admin', PathKind.Enterprise, false],
      ['/settings/billing', PathKind.Other, false],
      ['/pathology', PathKind.Other, false],
    ];
    for (const [path, kind, shows] of cases) {
      expect([path, pathKindOf(path), siteCouponBannerShows(pathKindOf(path))]).toEqual([path, kind, shows]);
    }
  });
});
