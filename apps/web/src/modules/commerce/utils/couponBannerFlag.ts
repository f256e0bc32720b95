// The coupon banner flag (spec 001 §3 stored client items): a learner who closed the site coupon's banner
// does not see it again for that coupon. Unavailable storage counts as not closed.

const KEY = 'coderoom.couponBanner.dismissed';

export function isCouponBannerDismissed(code: string): boolean {
  try {
    return window.localStorage.getItem(KEY) === code;
  } catch {
    return false;
  }
}

export function dismissCouponBanner(code: string): void {
  try {
    window.localStorage.setItem(KEY, code);
  } catch {
    // Storage full or blocked: the banner closes for this page only.
  }
}
