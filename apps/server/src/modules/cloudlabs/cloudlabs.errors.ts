import { ErrorStatus } from '@coderoom/domain';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';

// Messages of the cloud labs module. The spec shows none of its own for these cases; they are ours, plain
// and specific. The second-lab conflict is the containers module's (spec 000 §8).
export const CloudLabErrors = {
  NotFound: 'This cloud lab does not exist or is not available to you.',
  TaskNotFound: 'This task is not part of the cloud lab.',
  NotRunning: 'Start the lab first: checks run inside your running lab.',
  Unavailable: 'Cloud labs cannot be started on this server right now.',
  CheckFailed: 'The check could not run in your lab. Please try again.',
  NoAccess: "Cloud labs are not enabled for your organization. Ask your organization's admin to enable them.",
} as const;

export const cloudLabNotFound = () => notFound(CloudLabErrors.NotFound);
export const taskNotFound = () => notFound(CloudLabErrors.TaskNotFound);
export const labNotRunning = () => new AppError(ErrorStatus.AlreadyExists, CloudLabErrors.NotRunning);
export const labsUnavailable = () =>
  new AppError(ErrorStatus.ExternalServiceFailed, CloudLabErrors.Unavailable);
export const cloudLabsNotEnabled = () => forbidden(CloudLabErrors.NoAccess);
export const checkFailed = () => new AppError(ErrorStatus.ExternalServiceFailed, CloudLabErrors.CheckFailed);
