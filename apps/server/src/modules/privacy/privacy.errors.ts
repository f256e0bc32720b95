import { ErrorStatus } from '@coderoom/domain';
import { AppError } from '../../platform/http/errors.js';

// Data requests' failures (ours: the spec gives the codes, not the messages).
export const PrivacyErrors = {
  // Someone else's request answers exactly like a missing one.
  notFound: () => new AppError(ErrorStatus.NotFound, 'No such data request.'),
  alreadyProcessed: () =>
    new AppError(ErrorStatus.OperationNotAllowed, 'This request has already been processed.'),
  notADownload: () =>
    new AppError(ErrorStatus.OperationNotAllowed, 'Only a processed download request has a file to fetch.'),
  exportExpired: () =>
    new AppError(ErrorStatus.ExpiredToken, 'This export has expired. Request a new download of your data.'),
} as const;
