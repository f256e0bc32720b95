import type { Utm } from '@coderoom/contracts';
import { attributionRequest, captureAttribution, type StoredAttribution } from './attribution';
import { GrowthStorageKey, readItem, readJson, removeItem, writeItem, writeJson } from './growthStorage';

// The stored attribution under the item names of spec 001 §3 (utm, utm_init, ClickId, referral_code, …).

function asUtm(value: unknown): Utm | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(([, text]) => typeof text === 'string');
  return entries.length > 0 ? (Object.fromEntries(entries) as Utm) : undefined;
}

export function loadAttribution(): StoredAttribution {
  const stored: StoredAttribution = {};
  const utm = asUtm(readJson(GrowthStorageKey.Utm));
  if (utm) stored.utm = utm;
  const utmInit = asUtm(readJson(GrowthStorageKey.UtmInit));
  if (utmInit) stored.utm_init = utmInit;
  const click = readJson(GrowthStorageKey.ClickId) as { value?: unknown; captured_at?: unknown } | null;
  if (click && typeof click.value === 'string' && typeof click.captured_at === 'number') {
    stored.click_id = { value: click.value, captured_at: click.captured_at };
  }
  const code = readItem(GrowthStorageKey.ReferralCode);
  if (code) stored.referral_code = code;
  const site = readItem(GrowthStorageKey.ReferralSite);
  if (site) stored.referral_site = site;
  const lastSite = readItem(GrowthStorageKey.LastReferralSite);
  if (lastSite) stored.last_referral_site = lastSite;
  const affiliate = readItem(GrowthStorageKey.EncodedAffiliateId);
  if (affiliate) stored.encoded_affiliate_id = affiliate;
  return stored;
}

export function saveAttribution(stored: StoredAttribution): void {
  if (stored.utm) writeJson(GrowthStorageKey.Utm, stored.utm);
  if (stored.utm_init) writeJson(GrowthStorageKey.UtmInit, stored.utm_init);
  if (stored.click_id) writeJson(GrowthStorageKey.ClickId, stored.click_id);
  else removeItem(GrowthStorageKey.ClickId);
  if (stored.referral_code) writeItem(GrowthStorageKey.ReferralCode, stored.referral_code);
  if (stored.referral_site) writeItem(GrowthStorageKey.ReferralSite, stored.referral_site);
  if (stored.last_referral_site) writeItem(GrowthStorageKey.LastReferralSite, stored.last_referral_site);
  if (stored.encoded_affiliate_id)
    writeItem(GrowthStorageKey.EncodedAffiliateId, stored.encoded_affiliate_id);
}

/** Kept when a single sign-on starts (`utm_sso_info`), for the call after a just-in-time sign-up. */
export function rememberSsoAttribution(nowMs: number): void {
  const body = attributionRequest(loadAttribution(), nowMs);
  if (body) writeJson(GrowthStorageKey.UtmSsoInfo, body);
  else removeItem(GrowthStorageKey.UtmSsoInfo);
}

/**
 * Adds what public/start-app.js kept of a rendered page the visitor may have left before the app ran (its
 * landing query and referrer, at the time it was seen), then forgets it.
 */
export function takePendingLanding(origin: string): void {
  const pending = readJson(GrowthStorageKey.PendingLanding) as {
    search?: unknown;
    referrer?: unknown;
    at?: unknown;
  } | null;
  removeItem(GrowthStorageKey.PendingLanding);
  if (!pending || typeof pending.search !== 'string' || typeof pending.at !== 'number') return;
  const referrer = typeof pending.referrer === 'string' ? pending.referrer : '';
  let url: URL;
  try {
    url = new URL(pending.search, origin);
  } catch {
    return;
  }
  saveAttribution(captureAttribution(loadAttribution(), url, referrer, pending.at));
}
