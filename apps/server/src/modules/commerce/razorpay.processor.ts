import { CommerceMessages, PaymentFailureCode, PaymentMessages, SettlementMessages } from '@coderoom/domain';
import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import type { ChargeResult, PaymentProcessorAdapter } from './payments.processor.js';

// The Razorpay adapter (Standard Checkout: orders, payment capture) through the official `razorpay` SDK
// (docs/commerce.md "Razorpay"). `charge` creates an order and answers requires_action: the browser opens
// Razorpay Checkout for that order, the cardholder pays there, and Checkout hands the browser
// razorpay_payment_id and razorpay_signature. `confirmAction` gets them as its proof, checks the signature
// as Razorpay documents it (HMAC-SHA256 of "order_id|payment_id" with the key secret, through the SDK's
// validatePaymentVerification), reads the payment back (it must belong to the order and carry its amount)
// and captures it. A payment Razorpay marks failed is a decline. The card fields of our form never reach
// Razorpay: Checkout collects the card.

export interface RazorpayProcessorOptions {
  keyId: string;
  keySecret: string;
  /** Tests only: the origin of a local fake of Razorpay's API (see below). */
  baseUrl?: string;
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

interface RazorpayError {
  statusCode: number | string;
  error?: { code?: string; description?: string; reason?: string };
}
const isApiError = (error: unknown): error is RazorpayError =>
  typeof error === 'object' && error !== null && 'statusCode' in error;

/**
 * Razorpay refuses a request (4xx: a decline, nothing charged) or is unavailable (5xx). The SDK's error
 * normaliser reads `response.status` of every failure, so a connection that never answered reaches us as
 * its TypeError: that, too, is "unavailable". A wrong key (401) is thrown: it is our fault, not a decline.
 */
function failureOf(error: unknown): ChargeResult {
  if (isApiError(error)) {
    const status = Number(error.statusCode);
    if (status === 401)
      throw new Error(`Razorpay refused the key: ${error.error?.description ?? 'unauthorized'}`);
    return status >= 500 || status === 429 ? unavailable() : declined();
  }
  if (error instanceof TypeError && /reading 'status'/.test(error.message)) return unavailable();
  throw error;
}

export function createRazorpayProcessor(options: RazorpayProcessorOptions): PaymentProcessorAdapter & {
  /** What the browser's Razorpay Checkout opens with (the key id is public; the secret never leaves us). */
  checkoutOptions(orderId: string): { key: string; order_id: string };
} {
  const razorpay = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  if (options.baseUrl) {
    // The SDK has no host option (https://api.razorpay.com is fixed in its constructor). Tests point the
    // SDK's own HTTP client at the fake; URLs, authentication and error handling stay the SDK's.
    (razorpay.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL =
      options.baseUrl;
  }

  async function attempt(run: () => Promise<ChargeResult>): Promise<ChargeResult> {
    try {
      return await run();
    } catch (error) {
      return failureOf(error);
    }
  }

  return {
    name: 'razorpay',
    checkoutOptions: (orderId) => ({ key: options.keyId, order_id: orderId }),
    charge({ paymentId, amountCents, idempotencyKey }) {
      // Razorpay cannot take a zero-amount order: trials and saved cards need its recurring product (not built).
      if (amountCents === 0) return Promise.resolve(declined());
      return attempt(async () => {
        const order = await razorpay.orders.create({
          amount: amountCents,
          currency: 'USD',
          // Our key as the order's receipt (Razorpay's limit is 40 characters).
          receipt: idempotencyKey.slice(0, 40),
          notes: { payment_id: paymentId },
        });
        return { status: 'requires_action', ref: order.id };
      });
    },
    confirmAction(orderId, approved, proof) {
      return attempt(async () => {
        const paymentId = proof?.razorpay_payment_id;
        if (!approved || !paymentId) return declined();
        const signature = proof.razorpay_signature ?? '';
        // A payment Checkout reported as failed carries no signature: ask Razorpay what happened to it.
        if (signature) {
          const valid = validatePaymentVerification(
            { order_id: orderId, payment_id: paymentId },
            signature,
            options.keySecret,
          );
          if (!valid) return failed('signature_mismatch', PaymentMessages.CouldNotProcess);
        }
        const payment = await razorpay.payments.fetch(paymentId);
        if (payment.order_id !== orderId)
          return failed('signature_mismatch', PaymentMessages.CouldNotProcess);
        if (payment.status === 'captured') return { status: 'succeeded', ref: payment.id };
        if (payment.status !== 'authorized' || !signature) return declined();
        const captured = await razorpay.payments.capture(payment.id, payment.amount, payment.currency);
        return captured.status === 'captured' ? { status: 'succeeded', ref: captured.id } : declined();
      });
    },
    async chargeStored() {
      // Renewals on Razorpay need its recurring payments (customer, token, e-mandate): not built.
      return failed(String(PaymentFailureCode.Declined), PaymentMessages.RecurringMethodNotFound);
    },
    async refund({ paymentRef, amountCents, idempotencyKey }) {
      try {
        // Razorpay's refund call takes no idempotency key: a refund carries ours in its notes, and a retry
        // (the same key) finds it instead of refunding again.
        const earlier = await razorpay.payments.fetchMultipleRefund(paymentRef, { count: 100 });
        const same = earlier.items.find((refund) => refund.notes?.idempotency_key === idempotencyKey);
        if (same) return { status: 'succeeded', ref: same.id };
        const refund = await razorpay.payments.refund(paymentRef, {
          amount: amountCents,
          speed: 'normal',
          notes: { idempotency_key: idempotencyKey },
        });
        return refund.status === 'failed'
          ? { status: 'failed', message: SettlementMessages.RefundFailed }
          : { status: 'succeeded', ref: refund.id };
      } catch (error) {
        const failure = failureOf(error);
        if (failure.status === 'failed')
          return { status: 'failed', message: SettlementMessages.RefundFailed };
        throw error;
      }
    },
  };
}
