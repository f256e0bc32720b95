import { createHmac } from 'node:crypto';
import { CommerceMessages, PaymentFailureCode } from '@coderoom/domain';

// The interface every payment processor adapter implements, and the embedded sandbox processor: the
// default, with the usual test cards, and no outside service. A card number reaches `charge` and is
// forgotten: only its brand, last four digits and a keyed fingerprint are kept.

export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export interface ChargeRequest {
  paymentId: string;
  amountCents: number;
  idempotencyKey: string;
  card: CardDetails;
  /**
   * A token the provider's browser component made of the card (a Braintree nonce); used instead of the
   * card's fields by an adapter that takes one.
   */
  paymentToken?: string;
  /** Set when the purchase renews (a plan): an adapter with rules of its own for recurring payments (PayPal). */
  recurring?: RecurringPurchase;
}

export interface RecurringPurchase {
  /** Spec 001 §5 plan types: a user plan (x-x-6000), an external or an enterprise/team one. */
  planType: 'user' | 'external' | 'enterprise_team';
  validityMonths: number;
  /** What a term costs (US cents, as every amount here). */
  priceCents: number;
}

export type ChargeResult =
  /** methodRef: the processor's reference to the card, for charges later (renewals). */
  | { status: 'succeeded'; ref: string; methodRef?: string }
  | { status: 'requires_action'; ref: string }
  | { status: 'failed'; code: string; message: string; retryable: boolean };

/** A refund the processor accepted (ref: its refund id), or refused: nothing refunded. */
export type RefundResult = { status: 'succeeded'; ref: string } | { status: 'failed'; message: string };

export interface PaymentProcessorAdapter {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Finishes a payment that required an action (3-D Secure, a provider's own approval step): the cardholder
   * approved it or not. `proof`: what the provider handed back to the browser for us (Razorpay's payment
   * id and signature), checked by the adapter before it captures anything.
   */
  confirmAction(ref: string, approved: boolean, proof?: Record<string, string>): Promise<ChargeResult>;
  /** Charges a saved card without the cardholder (renewals); the key makes a repeat charge once. */
  chargeStored(request: {
    methodRef: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
  /** Gives back part or all of a charge (paymentRef: the processor's payment); the key makes it once. */
  refund(request: { paymentRef: string; amountCents: number; idempotencyKey: string }): Promise<RefundResult>;
  /** Every refund of a payment so far, when a webhook reports one without naming them (Stripe's API). */
  listRefunds?(paymentRef: string): Promise<Array<{ ref: string; amountCents: number }>>;
}

/** The sandbox's test cards (docs/commerce.md). Any other valid number succeeds, as in a test mode. */
export const SandboxCards = {
  Succeeds: '4242424242424242',
  Declined: '4000000000000002',
  RequiresThreeDSecure: '4000000000003220',
  NetworkUnavailable: '4000000000009995',
  /** Saved without trouble (a trial's zero check passes), but every charge of it is declined. */
  DeclinesAfterAttach: '4000000000000341',
} as const;

const declined = (): ChargeResult => ({
  status: 'failed',
  code: String(PaymentFailureCode.Declined),
  message: CommerceMessages.CardDeclined,
  retryable: false,
});

export function digitsOf(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

/** The Luhn check every card number passes. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** The same card gives the same fingerprint (to spot a reused card) without the number being kept. */
export function cardFingerprintOf(digits: string, secret: string): string {
  return createHmac('sha256', secret).update(digits).digest('hex').slice(0, 32);
}

export function createSandboxProcessor(): PaymentProcessorAdapter {
  return {
    name: 'sandbox',
    async charge({ paymentId, card, amountCents }) {
      const ref = `sbx_${paymentId}`;
      switch (digitsOf(card.number)) {
        case SandboxCards.Declined:
          return declined();
        case SandboxCards.DeclinesAfterAttach:
          return amountCents === 0
            ? { status: 'succeeded', ref, methodRef: `sbx_pm_fails_${paymentId}` }
            : declined();
        case SandboxCards.NetworkUnavailable:
          return {
            status: 'failed',
            code: String(PaymentFailureCode.NetworkUnavailable),
            message: CommerceMessages.CouldNotProcess,
            retryable: true,
          };
        case SandboxCards.RequiresThreeDSecure:
          return { status: 'requires_action', ref };
        default:
          return { status: 'succeeded', ref, methodRef: `sbx_pm_${paymentId}` };
      }
    },
    async confirmAction(ref, approved) {
      if (approved) return { status: 'succeeded', ref, methodRef: `sbx_pm_${ref}` };
      return {
        status: 'failed',
        code: PaymentFailureCode.ThreeDSecureFailed,
        message: CommerceMessages.ThreeDSecureFailed,
        retryable: false,
      };
    },
    async chargeStored({ methodRef, idempotencyKey }) {
      if (methodRef.startsWith('sbx_pm_fails_')) return declined();
      return { status: 'succeeded', ref: `sbx_${idempotencyKey}` };
    },
    async refund({ idempotencyKey }) {
      return { status: 'succeeded', ref: `sbx_re_${idempotencyKey}` };
    },
  };
}
