import { AccountMessages, ErrorStatus } from '@coderoom/domain';
import { AppError } from '../../platform/http/errors.js';

/** The accounts module's failures. Spec wording comes from the domain package; the rest is ours. */
export const AccountErrors = {
  emailTaken: () =>
    new AppError(ErrorStatus.AlreadyExists, 'An account with this e-mail address already exists.', {
      email: 'An account with this e-mail address already exists.',
    }),
  invalidCredentials: () => new AppError(ErrorStatus.Unauthorized, 'Incorrect e-mail or password.'),
  lockedOut: (retryAfterSeconds: number) =>
    new AppError(ErrorStatus.RateLimit, AccountMessages.MaxIncorrectCredentials, undefined, {
      'retry-after': String(Math.max(1, retryAfterSeconds)),
    }),
  totpRequired: () => new AppError(ErrorStatus.Unauthorized, AccountMessages.TotpRequired),
  qrCodeRequired: (status: number = ErrorStatus.Unauthorized) =>
    new AppError(status, AccountMessages.QrCodeRequired),
  invalidTotp: (status: number = ErrorStatus.Unauthorized) =>
    new AppError(status, 'The verification code is not correct.', {
      totp: 'The verification code is not correct.',
    }),
  resetTokenInvalid: () =>
    new AppError(
      ErrorStatus.ExpiredToken,
      'This password reset link is invalid or has expired. Request a new one.',
    ),
  wrongCurrentPassword: () =>
    new AppError(ErrorStatus.OperationNotAllowed, 'Your current password is not correct.', {
      current_password: 'Your current password is not correct.',
    }),
  checklistEmpty: () =>
    new AppError(ErrorStatus.OperationNotAllowed, 'Send a checklist selection, a completion map, or both.', {
      checklist_selection: 'Send a checklist selection, a completion map, or both.',
    }),
  unknownViewedFlag: (flag: string) =>
    new AppError(ErrorStatus.OperationNotAllowed, `Unknown viewed flag: ${flag}.`, {
      flags: `Unknown viewed flag: ${flag}.`,
    }),
  noPendingQrCode: () =>
    new AppError(ErrorStatus.NotFound, 'No two-factor set-up is in progress: start one to get a QR code.'),
  twoFactorAlreadyOn: () =>
    new AppError(
      ErrorStatus.OperationNotAllowed,
      'Two-factor authentication is already on for this account.',
    ),
  userNotFound: () => new AppError(ErrorStatus.NotFound, 'No such user.'),
  wrongPassword: () =>
    new AppError(ErrorStatus.OperationNotAllowed, 'Your password is not correct.', {
      password: 'Your password is not correct.',
    }),
  sameEmail: () =>
    new AppError(ErrorStatus.OperationNotAllowed, 'This is already your e-mail address.', {
      new_email: 'This is already your e-mail address.',
    }),
  newEmailTaken: () =>
    new AppError(ErrorStatus.AlreadyExists, 'An account with this e-mail address already exists.', {
      new_email: 'An account with this e-mail address already exists.',
    }),
  emailChangeTokenInvalid: () =>
    new AppError(
      ErrorStatus.ExpiredToken,
      'This confirmation link is invalid or has expired. Ask for a new one in Settings.',
    ),
  nothingToUpdate: () =>
    new AppError(ErrorStatus.OperationNotAllowed, 'Send a new name or remove the picture.', {
      full_name: 'Send a new name or remove the picture.',
    }),
} as const;
