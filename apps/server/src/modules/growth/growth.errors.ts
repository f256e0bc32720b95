import { ErrorStatus, GrowthMessages } from '@coderoom/domain';
import { AppError } from '../../platform/http/errors.js';

// Growth refusals, each with its spec status and the text the user sees.

export const GrowthErrors = {
  /** 001 §5: a GA event value can only be a number; the field names the offending event. */
  eventValueNotNumber: (index: number) =>
    new AppError(ErrorStatus.OperationNotAllowed, GrowthMessages.EventValueNotNumber, {
      [`${index}.event_data.value`]: GrowthMessages.EventValueNotNumber,
    }),
  eventNameInvalid: (index: number) =>
    new AppError(ErrorStatus.OperationNotAllowed, GrowthMessages.EventNameInvalid, {
      [`${index}.event_name`]: GrowthMessages.EventNameInvalid,
    }),
  unknownReferralCode: () =>
    new AppError(ErrorStatus.OperationNotAllowed, GrowthMessages.UnknownReferralCode, {
      referral_code: GrowthMessages.UnknownReferralCode,
    }),
  unknownAffiliate: () => new AppError(ErrorStatus.NotFound, GrowthMessages.UnknownAffiliate),
  affiliateSalesDenied: () => new AppError(ErrorStatus.AccessDenied, GrowthMessages.AffiliateSalesDenied),
  adminOnly: () => new AppError(ErrorStatus.AccessDenied, GrowthMessages.AdminOnly),
};
