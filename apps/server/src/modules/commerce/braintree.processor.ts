/// <reference path="./braintree.d.ts" />
import { CommerceMessages, PaymentFailureCode, SettlementMessages } from '@coderoom/domain';
import braintree, { type Transaction, type ValidationError, type Verification } from 'braintree';
import type { ChargeRequest, ChargeResult, PaymentProcessorAdapter } from './payments.processor.js';

// The Braintree adapter through the official SDK (docs/commerce.md "Braintree"). The browser's Drop-in
// asks for a client token, turns the card into a one-time nonce, and the server sells against the nonce
// (ChargeRequest.paymentToken); without a nonce the card's fields go to Braintree as a server-to-server
// sale (a deployment that must stay out of PCI scope uses nonces only). A sale is submitted for settlement
// and its card kept in Braintree's vault; the vault token is the method renewals charge.
//
// Failures (spec 001 §8): a consumed nonce answers validation error 93107; a sale the bank refused has
// status processor_declined, one the gateway's rules refused (CVV, AVS, fraud) gateway_rejected: both
// declines, nothing charged. Braintree has no idempotency keys: our payment row (unique per key) stops a
// second sale; a refund carries our key as its order id and is looked for before a new one is asked.

export interface BraintreeProcessorOptions {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** BRAINTREE_ENVIRONMENT: Braintree's sandbox or production gateway. */
  environment: 'sandbox' | 'production';
  /** A local fake in tests: plain HTTP to this host and port instead of Braintree's gateway. */
  endpoint?: { host: string; port: number };
}

/** A validation error Braintree gives for a nonce used twice (spec 001 §8 "nonce consumed"). */
const NONCE_CONSUMED = String(PaymentFailureCode.NonceConsumed);
/** "Cannot refund a transaction unless it is settled": such a sale is voided instead. */
const REFUND_UNSETTLED = '91506';

const failed = (code: string, message: string, retryable = false): ChargeResult => ({
  status: 'failed',
  code,
  message,
  retryable,
});

/** Braintree answers amounts as decimal strings; ours are US cents. */
export function dollarsOf(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A refusal's status (a sale's or a card verification's): the spec's codes, the decline message. */
function refusalOf(subject: Transaction | Verification | undefined): ChargeResult | null {
  if (subject?.status === 'processor_declined')
    return failed(PaymentFailureCode.ProcessorDeclined, CommerceMessages.CardDeclined);
  if (subject?.status === 'gateway_rejected')
    return failed(PaymentFailureCode.GatewayRejected, CommerceMessages.CardDeclined);
  return null;
}

function validationFailure(errors: ValidationError[]): ChargeResult {
  if (errors.some((error) => String(error.code) === NONCE_CONSUMED))
    // The nonce will never work again: the browser makes a new one (docs/commerce.md).
    return failed(NONCE_CONSUMED, CommerceMessages.CouldNotProcess);
  // Anything else Braintree refused in the request itself (an invalid card number, say): a decline.
  return failed(String(PaymentFailureCode.Declined), CommerceMessages.CardDeclined);
}

/** The gateway could not be reached or answered with a server error: worth trying again later. */
const RETRYABLE_ERRORS = new Set([
  'unexpectedError',
  'serverError',
  'serviceUnavailableError',
  'gatewayTimeoutError',
  'requestTimeoutError',
  'tooManyRequestsError',
]);

function thrownFailure(error: unknown): ChargeResult {
  const type = (error as { type?: string } | null)?.type;
  if (type && RETRYABLE_ERRORS.has(type))
    return failed(String(PaymentFailureCode.NetworkUnavailable), CommerceMessages.CouldNotProcess, true);
  // A wrong key (authenticationError) or a bug: not the cardholder's fault, not a decline.
  throw error;
}

export function createBraintreeProcessor(options: BraintreeProcessorOptions): PaymentProcessorAdapter & {
  /** The token the browser's Drop-in starts with (it turns a card into a nonce). */
  clientToken(): Promise<string>;
} {
  const environment = options.endpoint
    ? new braintree.Environment(
        options.endpoint.host,
        String(options.endpoint.port),
        `http://${options.endpoint.host}:${options.endpoint.port}`,
        false,
      )
    : options.environment === 'production'
      ? braintree.Environment.Production
      : braintree.Environment.Sandbox;
  const gateway = new braintree.BraintreeGateway({
    environment,
    merchantId: options.merchantId,
    publicKey: options.publicKey,
    privateKey: options.privateKey,
  });

  async function sale(attributes: Record<string, unknown>): Promise<ChargeResult> {
    try {
      const result = await gateway.transaction.sale({
        ...attributes,
        options: { submitForSettlement: true, ...(attributes.options as object | undefined) },
      });
      if (result.success) {
        const token = result.transaction.creditCard?.token;
        return { status: 'succeeded', ref: result.transaction.id, ...(token ? { methodRef: token } : {}) };
      }
      return refusalOf(result.transaction) ?? validationFailure(result.errors.deepErrors());
    } catch (error) {
      return thrownFailure(error);
    }
  }

  /** Nothing to charge (a trial, a card added in settings): the card is verified and vaulted. */
  async function vault(request: ChargeRequest): Promise<ChargeResult> {
    try {
      const result = await gateway.customer.create({
        ...(request.paymentToken
          ? {
              paymentMethodNonce: request.paymentToken,
              creditCard: { options: { verifyCard: true } },
            }
          : { creditCard: { ...cardFields(request), options: { verifyCard: true } } }),
      });
      if (result.success) {
        const token = result.customer.creditCards?.[0]?.token;
        if (!token) return failed(String(PaymentFailureCode.Declined), CommerceMessages.CardDeclined);
        return { status: 'succeeded', ref: result.customer.id, methodRef: token };
      }
      return (
        refusalOf(result.verification ?? result.creditCardVerification) ??
        validationFailure(result.errors.deepErrors())
      );
    } catch (error) {
      return thrownFailure(error);
    }
  }

  function cardFields({ card }: ChargeRequest) {
    return {
      number: card.number.replace(/[\s-]/g, ''),
      expirationMonth: String(card.exp_month).padStart(2, '0'),
      expirationYear: String(card.exp_year),
      cvv: card.cvc,
    };
  }

  return {
    name: 'braintree',
    async clientToken() {
      const result = await gateway.clientToken.generate({});
      if (!result.success) throw new Error(`Braintree refused a client token: ${result.message}`);
      return result.clientToken;
    },
    charge(request) {
      if (request.amountCents === 0) return vault(request);
      return sale({
        amount: dollarsOf(request.amountCents),
        orderId: request.idempotencyKey,
        ...(request.paymentToken
          ? { paymentMethodNonce: request.paymentToken }
          : { creditCard: cardFields(request) }),
        options: { storeInVaultOnSuccess: true },
      });
    },
    async confirmAction() {
      // 3-D Secure runs in the browser (Drop-in) before the nonce exists: a Braintree sale never waits.
      return failed(PaymentFailureCode.ThreeDSecureFailed, CommerceMessages.ThreeDSecureFailed);
    },
    chargeStored({ methodRef, amountCents, idempotencyKey }) {
      return sale({
        amount: dollarsOf(amountCents),
        paymentMethodToken: methodRef,
        orderId: idempotencyKey,
        // A merchant-initiated charge of a stored card, as card networks require it to be marked.
        transactionSource: 'recurring',
      });
    },
    async refund({ paymentRef, amountCents, idempotencyKey }) {
      try {
        const sold = await gateway.transaction.find(paymentRef);
        // The same key asked before (a retry after a lost answer): that refund, not a second one.
        for (const refundId of sold.refundIds ?? []) {
          const earlier = await gateway.transaction.find(refundId);
          if (earlier.orderId === idempotencyKey) return { status: 'succeeded', ref: earlier.id };
        }
        const result = await gateway.transaction.refund(paymentRef, {
          amount: dollarsOf(amountCents),
          orderId: idempotencyKey,
        });
        if (result.success) return { status: 'succeeded', ref: result.transaction.id };
        const unsettled = result.errors.deepErrors().some((error) => String(error.code) === REFUND_UNSETTLED);
        // Not settled yet: all of it can be voided (the cardholder is never charged); part of it cannot.
        if (unsettled && dollarsOf(amountCents) === sold.amount) {
          const voided = await gateway.transaction.void(paymentRef);
          if (voided.success) return { status: 'succeeded', ref: `void_${voided.transaction.id}` };
        }
        return { status: 'failed', message: SettlementMessages.RefundFailed };
      } catch (error) {
        const type = (error as { type?: string } | null)?.type;
        if (type === 'notFoundError' || (type && RETRYABLE_ERRORS.has(type)))
          return { status: 'failed', message: SettlementMessages.RefundFailed };
        throw error;
      }
    },
  };
}
