import { GrowthStorageKey, readItem } from './growthStorage';

/** The referral code kept from a ?ref= link earlier in this visit (GrowthTracker stores it). */
export function storedReferralCode(): string | null {
  return readItem(GrowthStorageKey.ReferralCode);
}
