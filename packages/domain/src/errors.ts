// Spec 002 §8 (consolidated error catalogue), 000 §8, 001 §8.

export const ErrorStatus = {
  OperationNotAllowed: 400,
  Unauthorized: 401,
  AccessDenied: 403,
  NotFound: 404,
  AlreadyExists: 409,
  RateLimit: 429,
  ServerError: 500,
  ExternalServiceFailed: 503,
  VersionMismatch: 505,
  ExpiredToken: 498,
} as const;
export type ErrorStatusCode = (typeof ErrorStatus)[keyof typeof ErrorStatus];

/** Client codes are 4000 plus the status (4401 for 401, …). */
export function clientCodeFor(status: number): number {
  return 4000 + status;
}

export const DEFAULT_ERROR_STATUS = 404;
export const ASSET_UPLOAD_FAILED = 'ASSET_UPLOAD_FAILED';

export interface ErrorBody {
  errorText?: string;
  errors?: Record<string, string>;
}

/**
 * The text shown for an error answer: errorText when present, else the errors map as "Field: message"
 * lines; for a 400 only the first entry of the map is used.
 */
export function errorTextFrom(body: ErrorBody | undefined, status: number): string {
  if (body?.errorText) return body.errorText;
  const entries = Object.entries(body?.errors ?? {});
  if (entries.length === 0) return '';
  const lines = (status === ErrorStatus.OperationNotAllowed ? entries.slice(0, 1) : entries).map(
    ([field, message]) => `${field}: ${message}`,
  );
  return lines.join('\n');
}

export const ErrorMessages = {
  ContentNotInSubscription: 'This content is not part of your enterprise subscription',
  NotIncludedInSubscription: 'not included in the subscription',
  ConflictsTitle: 'Conflicts',
  ConflictsText:
    'The content you are editing has changed. The previous changes will be overwritten. Are you sure you want to save?',
  UnsavedChanges: 'Are you sure? Any unsaved changes will be lost.',
  VersionOutdated: 'Version outdated',
  ContentJustUpdated: 'This content was just updated. Refresh the page to get latest content',
  FailedToRetrieveUserDetails: 'Failed to retrieve user details.',
  UnexpectedCheckoutType: 'Unexpected checkout type',
  AppNotResponding: 'Your app is not responding, please follow the provided instructions.',
  SomethingWentWrong: 'Something went wrong!',
  UserAddTimeout: 'Request timed out while trying to get the list of added Users. Please contact support',
  SlowOperation: 'The operation is taking a bit longer than usual. Please check back in a few minutes.',
  DefaultSuccess: 'Success',
  DefaultFailure: 'Failed',
  RecaptchaFailed: 'Recaptcha validation failed. Please retry or try disabling browser plugins/blockers...',
  GaSubscriptionTypeFailed: 'Failed to load Google Analytics Subscribtion Type',
  ShotAlreadyExists: 'Shot already exists with url',
  InvalidCanonicalUrl: 'Invalid Canonical Url.',
  HighlightNotFound: 'Could not find highlight',
  ProofreadingLoadFailed: 'Error loading proofreading article',
} as const;
