import {
  CheckoutMessages,
  CommerceMessages,
  CouponMessages,
  ErrorStatus,
  SettlementMessages,
  TrialMessages,
  UNEXPECTED_CHECKOUT_TYPE,
} from '@coderoom/domain';
import { AppError, unauthorized } from '../../platform/http/errors.js';

// Commerce refusals, each with its spec status and the text the learner sees.

export const CommerceErrors = {
  notInSubscription: () => new AppError(ErrorStatus.AccessDenied, CommerceMessages.NotInSubscription),
  unexpectedCheckoutType: () => new AppError(ErrorStatus.OperationNotAllowed, UNEXPECTED_CHECKOUT_TYPE),
  notOnSale: () => new AppError(ErrorStatus.OperationNotAllowed, CommerceMessages.NotOnSale),
  unknownPlan: () =>
    new AppError(ErrorStatus.NotFound, CommerceMessages.UnknownPlan, { plan: CommerceMessages.UnknownPlan }),
  notPriced: () => new AppError(ErrorStatus.OperationNotAllowed, CommerceMessages.NotPriced),
  alreadyOwned: () => new AppError(ErrorStatus.AlreadyExists, CommerceMessages.AlreadyOwned),
  alreadySubscribed: () => new AppError(ErrorStatus.AlreadyExists, CommerceMessages.AlreadySubscribed),
  notAnUpgrade: () => new AppError(ErrorStatus.OperationNotAllowed, CommerceMessages.NotAnUpgrade),
  paymentNotFound: () => new AppError(ErrorStatus.NotFound, CommerceMessages.PaymentNotFound),
  paymentNotPending: () => new AppError(ErrorStatus.OperationNotAllowed, CommerceMessages.PaymentNotPending),
  idempotencyConflict: () => new AppError(ErrorStatus.AlreadyExists, CommerceMessages.IdempotencyConflict),
  invalidCard: (errors: Record<string, string>) =>
    new AppError(ErrorStatus.OperationNotAllowed, Object.values(errors)[0] ?? '', errors),
  /** A decline: nothing was charged. The page shows 'Transaction declined...' above the message. */
  declined: (message: string, code: string) =>
    new AppError(ErrorStatus.OperationNotAllowed, message, undefined, undefined, { code }),
  trialAvailed: () => new AppError(ErrorStatus.AlreadyExists, TrialMessages.AlreadyAvailed),
  /** A refused trial names its outcome (spec 001 §4): email_plus_one_trick or card_reused. */
  trialRefused: (outcome: string, message: string) =>
    new AppError(ErrorStatus.OperationNotAllowed, message, undefined, undefined, { code: outcome }),
  /** The processor could not be reached (3000): worth trying again. */
  processorUnavailable: (message: string, code: string) =>
    new AppError(ErrorStatus.ExternalServiceFailed, message, undefined, undefined, { code }),

  badSignature: () => new AppError(ErrorStatus.OperationNotAllowed, SettlementMessages.BadSignature),
  adminOnly: () => new AppError(ErrorStatus.AccessDenied, SettlementMessages.AdminOnly),
  notRefundable: () => new AppError(ErrorStatus.OperationNotAllowed, SettlementMessages.NotRefundable),
  refundTooLarge: () =>
    new AppError(ErrorStatus.OperationNotAllowed, SettlementMessages.RefundTooLarge, {
      amount_usd: SettlementMessages.RefundTooLarge,
    }),
  refundFailed: (message: string) => new AppError(ErrorStatus.ExternalServiceFailed, message),
  couponRequired: () =>
    new AppError(ErrorStatus.OperationNotAllowed, CouponMessages.ActionIdRequired, {
      action_id: CouponMessages.ActionIdRequired,
    }),
  couponNotForCheckout: () =>
    new AppError(ErrorStatus.OperationNotAllowed, CouponMessages.NotForThisCheckout, {
      coupon_code: CouponMessages.NotForThisCheckout,
    }),
  /** Every checkout but the logged-out enterprise purchase needs a signed-in buyer. */
  signInRequired: () => unauthorized(),
  /** Spec 001 §5: the address of a verified account is sent to log in, or to use another work e-mail. */
  emailAlreadyVerified: () =>
    new AppError(ErrorStatus.AlreadyExists, CheckoutMessages.EmailAlreadyVerified, {
      email: CheckoutMessages.EmailAlreadyVerified,
    }),
  invoiceNotFound: () => new AppError(ErrorStatus.NotFound, SettlementMessages.InvoiceNotFound),
};
