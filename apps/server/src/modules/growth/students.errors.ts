import { ErrorStatus, StudentMessages } from '@coderoom/domain';
import { AppError } from '../../platform/http/errors.js';

// Refusals of the student plan (docs/growth.md "Student plan"); field errors name the form's field.

const field = (status: number, message: string, name: 'school_email' | 'code') =>
  new AppError(status, message, { [name]: message });

export const StudentErrors = {
  notSchoolAddress: () =>
    field(ErrorStatus.OperationNotAllowed, StudentMessages.NotSchoolAddress, 'school_email'),
  addressUsed: () => field(ErrorStatus.AlreadyExists, StudentMessages.AddressUsed, 'school_email'),
  alreadyScholar: () => new AppError(ErrorStatus.AlreadyExists, StudentMessages.AlreadyScholar),
  hasPlan: () => new AppError(ErrorStatus.AlreadyExists, StudentMessages.HasPlan),
  noPendingCode: () => field(ErrorStatus.OperationNotAllowed, StudentMessages.NoPendingCode, 'code'),
  codeWrong: () => field(ErrorStatus.OperationNotAllowed, StudentMessages.CodeWrong, 'code'),
  codeExpired: () => field(ErrorStatus.OperationNotAllowed, StudentMessages.CodeExpired, 'code'),
  tooManyAttempts: () => field(ErrorStatus.OperationNotAllowed, StudentMessages.TooManyAttempts, 'code'),
};
