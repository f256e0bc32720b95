import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { requestEncodedAffiliateId, sendAttribution, sendEvents } from '../api/growthRequests';
import { attributionRequest, captureAttribution } from '../utils/attribution';
import { loadAttribution, saveAttribution, takePendingLanding } from '../utils/attributionStore';
import { keptEvents, toRequest } from '../utils/eventQueue';
import {
  GrowthStorageKey,
  readItem,
  readJson,
  removeItem,
  writeItem,
  writeJson,
} from '../utils/growthStorage';
import { isSsoSignup, ssoSignupRequest, withoutSsoSignupFlag } from '../utils/ssoSignup';
import { EVENT_QUEUED } from '../utils/trackEvent';

let flushing = false;

/** Sends the queued events (spec 001 §4) and clears what the server took; a failure keeps them. */
async function flushQueue(): Promise<void> {
  if (flushing) return;
  const queue = keptEvents(readJson(GrowthStorageKey.QueuedEvents), Date.now());
  if (queue.length === 0) {
    removeItem(GrowthStorageKey.QueuedEvents);
    return;
  }
  flushing = true;
  try {
    await sendEvents(toRequest(queue));
    // Events queued while the request was out stay for the next flush.
    const sent = new Set(queue.map((event) => `${event.timestamp}:${event.event_name}`));
    const rest = keptEvents(readJson(GrowthStorageKey.QueuedEvents), Date.now()).filter(
      (event) => !sent.has(`${event.timestamp}:${event.event_name}`),
    );
    if (rest.length > 0) writeJson(GrowthStorageKey.QueuedEvents, rest);
    else removeItem(GrowthStorageKey.QueuedEvents);
  } catch {
    // Kept for the next page; they expire after 7 days.
  } finally {
    flushing = false;
  }
}

/**
 * Mounted once in the shell: notes where each page view came from, and once the user is known sends
 * the stored attribution (once per sign-in) and the queued events.
 */
export function GrowthTracker({ userId }: { userId: number | null }) {
  const { search, pathname, hash } = useLocation();
  const navigate = useNavigate();
  // The SSO callback's flag, read once at load (the home page may redirect before the user is known); a
  // page rendered on the server for a visitor (modules/prerender) is never that callback.
  const ssoSignup = useRef(typeof window !== 'undefined' && isSsoSignup(window.location.search));

  // A rendered page the visitor left before the app ran (public/start-app.js kept its landing query).
  useEffect(() => {
    takePendingLanding(window.location.href);
  }, []);

  // Each landing query (utm_*, a click id, ?ref=) is noted as the router moves.
  useEffect(() => {
    const url = new URL(search, window.location.href);
    const stored = captureAttribution(loadAttribution(), url, document.referrer, Date.now());
    saveAttribution(stored);
    const affiliate = url.searchParams.get('aff');
    if (affiliate) {
      // The landing page names the context: context_explore, or plain context on the home page.
      const page = window.location.pathname.split('/')[1]?.replace(/[^A-Za-z0-9_-]/g, '') ?? '';
      requestEncodedAffiliateId(affiliate, page ? `context_${page.slice(0, 60)}` : 'context', {
        ...stored.utm,
        ...(stored.referral_site ? { referral_site: stored.referral_site } : {}),
        ...(stored.last_referral_site ? { last_referral_site: stored.last_referral_site } : {}),
      })
        .then(({ encoded_affiliate_id }) => saveAttribution({ ...loadAttribution(), encoded_affiliate_id }))
        // Spec 001 §8: failing to get or keep the affiliate id is only logged.
        .catch(() => console.warn('Could not record the affiliate visit'));
    }
  }, [search]);

  useEffect(() => {
    if (userId === null) return;
    void flushQueue();
    if (ssoSignup.current) {
      // Spec 001 §7: POST /api/user/utm after an SSO sign-up, with what was kept when the sign-in started.
      ssoSignup.current = false;
      const body = ssoSignupRequest(
        readJson(GrowthStorageKey.UtmSsoInfo),
        attributionRequest(loadAttribution(), Date.now()),
      );
      sendAttribution(body)
        .then(() => {
          writeItem(GrowthStorageKey.AttributionSentFor, String(userId));
          removeItem(GrowthStorageKey.UtmSsoInfo);
        })
        .catch(() => undefined);
    } else if (readItem(GrowthStorageKey.AttributionSentFor) !== String(userId)) {
      const body = attributionRequest(loadAttribution(), Date.now());
      if (body) {
        sendAttribution(body)
          .then(() => writeItem(GrowthStorageKey.AttributionSentFor, String(userId)))
          .catch(() => undefined);
      }
    }
    const onQueued = () => void flushQueue();
    window.addEventListener(EVENT_QUEUED, onQueued);
    return () => window.removeEventListener(EVENT_QUEUED, onQueued);
  }, [userId]);

  // The flag has done its work once read: the address bar loses it.
  useEffect(() => {
    if (isSsoSignup(search)) {
      void navigate({ pathname, search: withoutSsoSignupFlag(search), hash }, { replace: true });
    }
  }, [search, pathname, hash, navigate]);

  return null;
}
