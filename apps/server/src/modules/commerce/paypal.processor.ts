import { Agent as HttpsAgent } from 'node:https';
import { connect } from 'node:net';
import {
  CommerceMessages,
  canUsePaypalRecurring,
  PAYPAL_INR_UPPER_LIMIT,
  PaymentFailureCode,
  PaymentMessages,
  SettlementMessages,
} from '@coderoom/domain';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  type Order,
  OrdersCardVerificationMethod,
  OrdersController,
  PaymentInitiator,
  PaymentsController,
  StoredPaymentSourcePaymentType,
  StoredPaymentSourceUsageType,
  StoreInVaultInstruction,
} from '@paypal/paypal-server-sdk';
import type { ChargeRequest, ChargeResult, PaymentProcessorAdapter } from './payments.processor.js';

// The PayPal adapter (Orders v2 with a card payment source, advanced card processing) through PayPal's
// official server SDK, `@paypal/paypal-server-sdk` (docs/commerce.md "PayPal"). An order is created with the
// card and captured; a card that needs 3-D Secure leaves the order PAYER_ACTION_REQUIRED (our
// requires_action), captured after the cardholder's step. Our idempotency key is PayPal-Request-Id on every
// create, capture and refund, which PayPal honours (the same id answers the same order or refund).
//
// Recurring (spec 001 §5): a plan that renews is bought with PayPal only when PayPal recurring is enabled,
// the plan is a user plan of 1 or 12 months, and its price converted to INR is under the limit (15000 by
// default); otherwise nothing is charged and the learner is told 'Please try PayPal Checkout for a smoother
// experience'. An allowed one vaults the card (store_in_vault ON_SUCCESS) for renewals.

export interface PaypalProcessorOptions {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'production';
  /** The spec's feature constant for PayPal recurring payments (PAYPAL_RECURRING). */
  recurringEnabled: boolean;
  /** Rupees per US dollar, to compare a plan's price with the INR limit (PAYPAL_INR_PER_USD). */
  inrPerUsd: number;
  /** PAYPAL_RECURRING_INR_LIMIT; the spec's 15000 when absent. */
  recurringInrLimit?: number;
  /**
   * Tests only: a local fake of PayPal's API. The SDK has no base-URL option (only its Sandbox and
   * Production environments), so the fake is reached through the SDK's own `httpsAgent` option: an agent
   * whose connections go, unencrypted, to this host and port. Every other part of the SDK runs as in production.
   */
  endpoint?: { host: string; port: number };
}

const failed = (code: string, message: string, retryable = false): ChargeResult => ({
  status: 'failed',
  code,
  message,
  retryable,
});
const declined = () => failed(String(PaymentFailureCode.Declined), CommerceMessages.CardDeclined);
const unavailable = () =>
  failed(String(PaymentFailureCode.NetworkUnavailable), CommerceMessages.CouldNotProcess, true);

/** An agent for the tests' fake: plain TCP to it, whatever host the SDK asks for. */
function fakeTransport(endpoint: { host: string; port: number }): HttpsAgent {
  const agent = new HttpsAgent({ keepAlive: false });
  (agent as unknown as { createConnection: () => ReturnType<typeof connect> }).createConnection = () =>
    connect({ host: endpoint.host, port: endpoint.port });
  return agent;
}

/** PayPal's amounts are decimal strings; ours are US cents. */
const decimalOf = (cents: number) => (cents / 100).toFixed(2);

/** A refused card is a decline; PayPal being down or overloaded is worth trying again; the rest is thrown. */
function failureOf(error: unknown): ChargeResult {
  if (error instanceof ApiError) {
    if (error.statusCode === 422 || error.statusCode === 402) return declined();
    if (error.statusCode >= 500 || error.statusCode === 429) return unavailable();
    throw error;
  }
  const code = (error as { code?: string } | null)?.code;
  if (code && /^(ECONN|ETIMEDOUT|EPIPE|ERR_NETWORK|ECONNABORTED|ENOTFOUND)/.test(code)) return unavailable();
  if ((error as Error | null)?.message === 'socket hang up') return unavailable();
  throw error;
}

export function createPaypalProcessor(options: PaypalProcessorOptions): PaymentProcessorAdapter & {
  /** Whether a plan may be bought with PayPal as a recurring payment (spec 001 §5). */
  allowsRecurring(recurring: NonNullable<ChargeRequest['recurring']>): boolean;
} {
  const client = new Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: options.clientId,
      oAuthClientSecret: options.clientSecret,
    },
    environment: options.environment === 'production' ? Environment.Production : Environment.Sandbox,
    timeout: 30_000,
    ...(options.endpoint ? { httpClientOptions: { httpsAgent: fakeTransport(options.endpoint) } } : {}),
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);

  function allowsRecurring(recurring: NonNullable<ChargeRequest['recurring']>): boolean {
    return canUsePaypalRecurring({
      featureEnabled: options.recurringEnabled,
      planType: recurring.planType,
      validityMonths: recurring.validityMonths,
      priceInInr: (recurring.priceCents / 100) * options.inrPerUsd,
      upperLimit: options.recurringInrLimit ?? PAYPAL_INR_UPPER_LIMIT,
    });
  }

  /** A captured order: the capture's id is the payment's ref, the vaulted card (if any) its method. */
  function capturedOf(order: Order): ChargeResult {
    const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
    if (
      order.status !== 'COMPLETED' ||
      !capture?.id ||
      capture.status === 'DECLINED' ||
      capture.status === 'FAILED'
    )
      return declined();
    const vaultId = order.paymentSource?.card?.attributes?.vault?.id;
    return { status: 'succeeded', ref: capture.id, ...(vaultId ? { methodRef: vaultId } : {}) };
  }

  async function capture(orderId: string, requestId: string): Promise<ChargeResult> {
    try {
      const { result } = await orders.captureOrder({
        id: orderId,
        paypalRequestId: requestId,
        prefer: 'return=representation',
      });
      return capturedOf(result);
    } catch (error) {
      return failureOf(error);
    }
  }

  /** Creates the order and captures it at once, unless the card needs the cardholder first (3-D Secure). */
  async function createAndCapture(
    paymentSource: NonNullable<Parameters<typeof orders.createOrder>[0]['body']['paymentSource']>,
    amountCents: number,
    idempotencyKey: string,
    customId: string | undefined,
  ): Promise<ChargeResult> {
    let order: Order;
    try {
      ({ result: order } = await orders.createOrder({
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              amount: { currencyCode: 'USD', value: decimalOf(amountCents) },
              ...(customId ? { customId } : {}),
            },
          ],
          paymentSource,
        },
        paypalRequestId: `create-${idempotencyKey}`,
        prefer: 'return=representation',
      }));
    } catch (error) {
      return failureOf(error);
    }
    if (!order.id) return declined();
    if (order.status === 'PAYER_ACTION_REQUIRED') return { status: 'requires_action', ref: order.id };
    if (order.status === 'COMPLETED') return capturedOf(order);
    return capture(order.id, `capture-${idempotencyKey}`);
  }

  return {
    name: 'paypal',
    allowsRecurring,
    async charge(request) {
      if (request.recurring && !allowsRecurring(request.recurring))
        return failed(PaymentFailureCode.PaypalRecurringNotAllowed, PaymentMessages.TryPaypal);
      // PayPal cannot charge nothing: a trial's or a saved card's check is not built for PayPal.
      if (request.amountCents === 0) return declined();
      const { card } = request;
      return createAndCapture(
        {
          card: {
            number: card.number.replace(/[\s-]/g, ''),
            expiry: `${card.exp_year}-${String(card.exp_month).padStart(2, '0')}`,
            securityCode: card.cvc,
            attributes: {
              verification: { method: OrdersCardVerificationMethod.ScaWhenRequired },
              // Only a purchase that renews keeps the card, and only when recurring is allowed (above).
              ...(request.recurring ? { vault: { storeInVault: StoreInVaultInstruction.OnSuccess } } : {}),
            },
          },
        },
        request.amountCents,
        request.idempotencyKey,
        request.paymentId,
      );
    },
    async confirmAction(ref, approved) {
      if (!approved)
        return failed(PaymentFailureCode.ThreeDSecureFailed, CommerceMessages.ThreeDSecureFailed);
      // The cardholder finished PayPal's payer action: the order is approved and can be captured.
      const result = await capture(ref, `capture-${ref}`);
      if (result.status === 'failed' && !result.retryable)
        return failed(PaymentFailureCode.ThreeDSecureFailed, CommerceMessages.ThreeDSecureFailed);
      return result;
    },
    chargeStored({ methodRef, amountCents, idempotencyKey }) {
      return createAndCapture(
        {
          card: {
            vaultId: methodRef,
            storedCredential: {
              paymentInitiator: PaymentInitiator.Merchant,
              paymentType: StoredPaymentSourcePaymentType.Recurring,
              usage: StoredPaymentSourceUsageType.Subsequent,
            },
          },
        },
        amountCents,
        idempotencyKey,
        undefined,
      );
    },
    async refund({ paymentRef, amountCents, idempotencyKey }) {
      try {
        const { result } = await payments.refundCapturedPayment({
          captureId: paymentRef,
          paypalRequestId: `refund-${idempotencyKey}`,
          prefer: 'return=representation',
          body: { amount: { currencyCode: 'USD', value: decimalOf(amountCents) } },
        });
        if (!result.id || result.status === 'FAILED' || result.status === 'CANCELLED')
          return { status: 'failed', message: SettlementMessages.RefundFailed };
        return { status: 'succeeded', ref: result.id };
      } catch (error) {
        if (error instanceof ApiError && error.statusCode !== 401 && error.statusCode !== 403)
          return { status: 'failed', message: SettlementMessages.RefundFailed };
        const failure = failureOf(error);
        if (failure.status === 'failed')
          return { status: 'failed', message: SettlementMessages.RefundFailed };
        throw error;
      }
    },
  };
}
