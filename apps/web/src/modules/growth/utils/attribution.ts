import type { AttributionRequest, Utm } from '@coderoom/contracts';
import {
  CLICK_ID_EXPIRY_MS,
  capAttributionText,
  isFresh,
  normaliseReferralCode,
  REFERRAL_CODE_PATTERN,
  UTM_FIELDS,
} from '@coderoom/domain';

// Where a visitor came from (spec 001 §3 "Stored client items"), read from the landing URL and the
// referrer, kept in the browser and sent with POST /api/user/utm once the user is known.

/** Ad networks' click-id parameters; the first present wins. */
export const CLICK_ID_PARAMS = ['gclid', 'msclkid', 'fbclid', 'click_id'] as const;

export interface StoredAttribution {
  utm?: Utm;
  utm_init?: Utm;
  click_id?: { value: string; captured_at: number };
  referral_code?: string;
  referral_site?: string;
  last_referral_site?: string;
  /** The token of an affiliate visit (POST /api/affiliate/getencodedid/…), kept until sign-in. */
  encoded_affiliate_id?: string;
}

function utmOf(params: URLSearchParams): Utm | undefined {
  const utm: Utm = {};
  for (const field of UTM_FIELDS) {
    const value = params.get(field)?.trim();
    if (value) utm[field] = capAttributionText(value);
  }
  return Object.keys(utm).length > 0 ? utm : undefined;
}

/** What a page view adds to the stored attribution (pure: the caller reads and writes storage). */
export function captureAttribution(
  stored: StoredAttribution,
  url: URL,
  referrer: string,
  nowMs: number,
): StoredAttribution {
  const next: StoredAttribution = { ...stored };
  const utm = utmOf(url.searchParams);
  if (utm) {
    next.utm = utm;
    next.utm_init ??= utm;
  }
  for (const param of CLICK_ID_PARAMS) {
    const value = url.searchParams.get(param)?.trim();
    if (value) {
      next.click_id = { value: capAttributionText(value), captured_at: nowMs };
      break;
    }
  }
  if (next.click_id && !isFresh(next.click_id.captured_at, nowMs, CLICK_ID_EXPIRY_MS)) delete next.click_id;
  const ref = url.searchParams.get('ref');
  if (ref && REFERRAL_CODE_PATTERN.test(normaliseReferralCode(ref))) {
    next.referral_code = normaliseReferralCode(ref);
  }
  if (referrer) {
    try {
      if (new URL(referrer).host !== url.host) {
        const site = capAttributionText(referrer);
        next.referral_site ??= site;
        next.last_referral_site = site;
      }
    } catch {
      // A referrer that is not a URL tells nothing.
    }
  }
  return next;
}

/** The request body for POST /api/user/utm, or null when there is nothing to send. */
export function attributionRequest(stored: StoredAttribution, nowMs: number): AttributionRequest | null {
  const body: AttributionRequest = {};
  if (stored.utm) body.utm = stored.utm;
  if (stored.utm_init) body.utm_init = stored.utm_init;
  if (stored.referral_site) body.referral_site = stored.referral_site;
  if (stored.last_referral_site) body.last_referral_site = stored.last_referral_site;
  if (stored.click_id && isFresh(stored.click_id.captured_at, nowMs, CLICK_ID_EXPIRY_MS)) {
    body.click_id = stored.click_id.value;
    body.click_id_captured_at = stored.click_id.captured_at;
  }
  if (stored.encoded_affiliate_id) body.encoded_affiliate_id = stored.encoded_affiliate_id;
  return Object.keys(body).length > 0 ? body : null;
}
