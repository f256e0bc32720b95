import { ErrorStatus, PayoutMessages } from '@coderoom/domain';
import { AppError } from '../../platform/http/errors.js';

// Refusals of author payouts (docs/commerce.md "Author payouts").

export const PayoutErrors = {
  authorOnly: () => new AppError(ErrorStatus.AccessDenied, PayoutMessages.AuthorOnly),
  tokenInvalid: (hint: string) =>
    new AppError(ErrorStatus.OperationNotAllowed, PayoutMessages.TokenInvalid, {
      token: `${PayoutMessages.TokenInvalid} Expected ${hint}.`,
    }),
  looksLikeAccountNumber: (field: 'token' | 'label') =>
    new AppError(ErrorStatus.OperationNotAllowed, PayoutMessages.LooksLikeAccountNumber, {
      [field]: PayoutMessages.LooksLikeAccountNumber,
    }),
};
