import {
  type AffiliateEncodedIdRequest,
  AffiliateEncodedIdResponseSchema,
  type AnalyticsEvent,
  type AttributionRequest,
  AttributionResponseSchema,
  TriggeredMultiResponseSchema,
} from '@coderoom/contracts';
import { apiRequest } from '../../api/apiClient';

// Fire-and-forget calls of the tracker (no cache to keep): a failure leaves the queue for the next try.

export function sendEvents(events: AnalyticsEvent[]) {
  return apiRequest('PUT', '/api/event/triggered-multi', TriggeredMultiResponseSchema, events, {
    suppressUnauthorizedRedirect: true,
  });
}

export function sendAttribution(body: AttributionRequest) {
  return apiRequest('POST', '/api/user/utm', AttributionResponseSchema, body, {
    suppressUnauthorizedRedirect: true,
  });
}

/** Spec 001 §7: the affiliate id may carry an underscore prefix; the context names the landing page. */
export function requestEncodedAffiliateId(
  affiliateId: string,
  context: string,
  body: AffiliateEncodedIdRequest,
) {
  return apiRequest(
    'POST',
    `/api/affiliate/getencodedid/${encodeURIComponent(affiliateId)}/${encodeURIComponent(context)}`,
    AffiliateEncodedIdResponseSchema,
    body,
  );
}
