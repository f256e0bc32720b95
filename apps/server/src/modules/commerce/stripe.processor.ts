import { CommerceMessages, PaymentFailureCode, SettlementMessages } from '@coderoom/domain';
import Stripe from 'stripe';
import type { ChargeRequest, ChargeResult, PaymentProcessorAdapter } from './payments.processor.js';

// The Stripe adapter (PaymentIntents, spec 001 §4: an intent is `succeeded` or `requires_action`) through
// the official SDK. Selected by STRIPE_SECRET_KEY (main.ts); tests point it at a local fake of the API
// (stripe.test-support.ts). Card details go to Stripe as payment_method_data; a deployment that must stay out of
// PCI scope tokenizes in the browser (Stripe.js) and passes the payment method id instead.

export interface StripeProcessorOptions {
  apiKey: string;
  /** A local fake in tests; Stripe's own API when absent. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

const declined = (message: string = CommerceMessages.CardDeclined): ChargeResult => ({
  status: 'failed',
  code: String(PaymentFailureCode.Declined),
  message,
  retryable: false,
});

const unavailable = (): ChargeResult => ({
  status: 'failed',
  code: String(PaymentFailureCode.NetworkUnavailable),
  message: CommerceMessages.CouldNotProcess,
  retryable: true,
});

function resultOf(intent: Stripe.PaymentIntent | Stripe.SetupIntent): ChargeResult {
  const methodRef =
    typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  if (intent.status === 'succeeded')
    return { status: 'succeeded', ref: intent.id, ...(methodRef ? { methodRef } : {}) };
  if (intent.status === 'requires_action') return { status: 'requires_action', ref: intent.id };
  return declined();
}

/** Card errors are declines (nothing charged); connection and API errors are worth trying again. */
function failureOf(error: unknown): ChargeResult {
  const type = (error as { type?: string } | null)?.type;
  if (type === 'StripeCardError') return declined();
  if (type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError') {
    return unavailable();
  }
  throw error;
}

export function createStripeProcessor(options: StripeProcessorOptions): PaymentProcessorAdapter {
  const stripe = new Stripe(options.apiKey, {
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
    // Our idempotency keys make a retry safe; the processor answers once, the caller decides.
    maxNetworkRetries: 0,
    telemetry: false,
  });

  async function attempt(
    run: () => Promise<Stripe.PaymentIntent | Stripe.SetupIntent>,
  ): Promise<ChargeResult> {
    try {
      return resultOf(await run());
    } catch (error) {
      return failureOf(error);
    }
  }

  return {
    name: 'stripe',
    charge({ paymentId, amountCents, idempotencyKey, card }: ChargeRequest) {
      // Raw card fields are accepted by Stripe only with raw card data access (see above).
      const paymentMethodData = {
        type: 'card',
        card: { number: card.number, exp_month: card.exp_month, exp_year: card.exp_year, cvc: card.cvc },
      } as unknown as Stripe.PaymentIntentCreateParams.PaymentMethodData;
      // Nothing to charge (a trial, a saved card): a SetupIntent checks and saves the card.
      if (amountCents === 0) {
        return attempt(() =>
          stripe.setupIntents.create(
            {
              confirm: true,
              usage: 'off_session',
              payment_method_data:
                paymentMethodData as unknown as Stripe.SetupIntentCreateParams.PaymentMethodData,
              metadata: { payment_id: paymentId },
            },
            { idempotencyKey },
          ),
        );
      }
      return attempt(() =>
        stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            confirm: true,
            payment_method_data: paymentMethodData,
            setup_future_usage: 'off_session',
            metadata: { payment_id: paymentId },
          },
          { idempotencyKey },
        ),
      );
    },
    async confirmAction(ref, approved) {
      if (!approved) {
        const cancelled = await attempt(() => stripe.paymentIntents.cancel(ref));
        return cancelled.status === 'failed' && cancelled.retryable
          ? cancelled
          : {
              status: 'failed',
              code: PaymentFailureCode.ThreeDSecureFailed,
              message: CommerceMessages.ThreeDSecureFailed,
              retryable: false,
            };
      }
      return attempt(() => stripe.paymentIntents.confirm(ref));
    },
    async refund({ paymentRef, amountCents, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentRef, amount: amountCents },
          { idempotencyKey },
        );
        return refund.status === 'failed' || refund.status === 'canceled'
          ? { status: 'failed', message: SettlementMessages.RefundFailed }
          : { status: 'succeeded', ref: refund.id };
      } catch (error) {
        const type = (error as { type?: string } | null)?.type;
        if (
          type === 'StripeInvalidRequestError' ||
          type === 'StripeConnectionError' ||
          type === 'StripeAPIError'
        )
          return { status: 'failed', message: SettlementMessages.RefundFailed };
        throw error;
      }
    },
    async listRefunds(paymentRef) {
      const refunds: Array<{ ref: string; amountCents: number }> = [];
      for await (const refund of stripe.refunds.list({ payment_intent: paymentRef, limit: 100 })) {
        if (refund.status !== 'failed' && refund.status !== 'canceled')
          refunds.push({ ref: refund.id, amountCents: refund.amount });
      }
      return refunds;
    },
    chargeStored({ methodRef, amountCents, idempotencyKey }) {
      return attempt(() =>
        stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            payment_method: methodRef,
            off_session: true,
            confirm: true,
          },
          { idempotencyKey },
        ),
      );
    },
  };
}
