// The browser storage growth tracking keeps (spec 001 §3 "Stored client items"). Unavailable storage is
// treated as empty; a full one is cleared of our items (001 §8 "Storage quota exceeded").

export const GrowthStorageKey = {
  QueuedEvents: 'queued_events',
  Utm: 'utm',
  UtmInit: 'utm_init',
  ClickId: 'ClickId',
  ReferralCode: 'referral_code',
  ReferralSite: 'referral_site',
  LastReferralSite: 'last_referral_site',
  EncodedAffiliateId: 'encoded_affiliate_id',
  /** The user id whose attribution was last sent, so it is sent once per sign-in. */
  AttributionSentFor: 'attribution_sent_for',
  /** What was stored when a single sign-on started: sent after a just-in-time SSO sign-up (001 §3). */
  UtmSsoInfo: 'utm_sso_info',
  /**
   * A server-rendered page's landing query and referrer, kept by public/start-app.js before the app runs (the
   * visitor may leave the page first); the tracker adds it to the attribution and removes it.
   */
  PendingLanding: 'pending_landing',
} as const;
type GrowthStorageKey = (typeof GrowthStorageKey)[keyof typeof GrowthStorageKey];

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: GrowthStorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function readJson(key: GrowthStorageKey): unknown {
  const raw = readItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
}

export function writeItem(key: GrowthStorageKey, value: string): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(key, value);
  } catch (error) {
    if (!isQuotaError(error)) return;
    console.warn('Storage quota exceeded: growth tracking items cleared');
    for (const item of Object.values(GrowthStorageKey)) store.removeItem(item);
  }
}

export function writeJson(key: GrowthStorageKey, value: unknown): void {
  writeItem(key, JSON.stringify(value));
}

export function removeItem(key: GrowthStorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Unavailable storage holds nothing to remove.
  }
}
