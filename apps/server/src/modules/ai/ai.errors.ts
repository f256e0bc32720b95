import { AiSearchErrorCode, AiSearchErrors, ErrorStatus } from '@coderoom/domain';
import { AppError } from '../../platform/http/errors.js';

const STATUS: Record<AiSearchErrorCode, number> = {
  TOO_SHORT: ErrorStatus.OperationNotAllowed,
  TOO_LONG: ErrorStatus.OperationNotAllowed,
  NOT_FOUND: ErrorStatus.NotFound,
  GENERAL_ERROR: ErrorStatus.ServerError,
};

/** One of the four AI search errors (spec 002 §8.3): its code, message and hint in the body. */
export function aiSearchError(code: AiSearchErrorCode): AppError {
  const { message, hint } = AiSearchErrors[code];
  return new AppError(STATUS[code], message, undefined, undefined, { code, message, hint });
}

export const AiErrors = {
  reviewNotFound: () => new AppError(ErrorStatus.NotFound, 'This review does not exist.'),
  feedbackTooLong: (message: string) =>
    new AppError(ErrorStatus.OperationNotAllowed, message, { feedback: message }),
  languageUnavailable: (language: string) =>
    new AppError(ErrorStatus.OperationNotAllowed, `Code in ${language} cannot be reviewed here.`, {
      language: `Code in ${language} cannot be reviewed here.`,
    }),
} as const;

export { AiSearchErrorCode };
