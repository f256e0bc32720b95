import { CommerceMessages, PaymentFailureCode, WEBHOOK_TOLERANCE_SECONDS } from '@coderoom/domain';
import Stripe from 'stripe';
import type { Clock } from '../../platform/clock.js';
import { CommerceErrors } from './commerce.errors.js';
import type { PaymentProcessorAdapter } from './payments.processor.js';
import type { ProcessorEvent } from './webhooks.service.js';

// Stripe's webhook: the signature checked by the official SDK (`Stripe.webhooks.constructEvent`: HMAC of
// the timestamp and the raw body with the endpoint's secret, and the timestamp no older than the
// tolerance, measured on our injected clock), then the event read into our terms. Events that settle money:
// payment_intent.succeeded / payment_failed, charge.refunded, charge.dispute.created.

export interface StripeWebhookOptions {
  secret: string;
  clock: Clock;
  /** Lists a payment's refunds when the event does not carry them (recent API versions do not). */
  processor: Pick<PaymentProcessorAdapter, 'listRefunds'>;
  toleranceSeconds?: number;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function createStripeWebhookVerifier(options: StripeWebhookOptions) {
  return async function verify(rawBody: Buffer, signature: string | undefined): Promise<ProcessorEvent> {
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        options.secret,
        options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        options.clock.now().getTime(),
      );
    } catch {
      throw CommerceErrors.badSignature();
    }
    const base = { id: event.id, type: event.type };
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        const methodRef = idOf(intent.payment_method);
        return {
          ...base,
          kind: 'payment_succeeded',
          paymentId: intent.metadata?.payment_id ?? null,
          ref: intent.id,
          ...(methodRef ? { methodRef } : {}),
        };
      }
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        return {
          ...base,
          kind: 'payment_failed',
          paymentId: intent.metadata?.payment_id ?? null,
          ref: intent.id,
          code: String(PaymentFailureCode.Declined),
          message: CommerceMessages.CardDeclined,
        };
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const ref = idOf(charge.payment_intent);
        if (!ref) return { ...base, kind: 'ignored' };
        const listed = charge.refunds?.data
          ?.filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled')
          .map((refund) => ({ ref: refund.id, amountCents: refund.amount }));
        const refunds = listed ?? (await options.processor.listRefunds?.(ref)) ?? [];
        return { ...base, kind: 'refunded', ref, refunds };
      }
      case 'charge.dispute.created': {
        const dispute = event.data.object;
        const ref = idOf(dispute.payment_intent);
        if (!ref) return { ...base, kind: 'ignored' };
        return { ...base, kind: 'disputed', ref, disputeRef: dispute.id, amountCents: dispute.amount };
      }
      default:
        return { ...base, kind: 'ignored' };
    }
  };
}

export type StripeWebhookVerifier = ReturnType<typeof createStripeWebhookVerifier>;
