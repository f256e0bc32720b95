import { ErrorStatus } from '@coderoom/domain';
import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * Every expected failure is an AppError: a status from the spec's mapping, the text the user sees and,
 * for invalid input, one message per field. The global handler below is the only place that turns
 * errors into responses, so handlers never catch.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly errorText: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** Extra fields a module's error body carries beside errorText (AI search: code, message, hint). */
    readonly details?: Record<string, string>,
  ) {
    super(errorText);
    this.name = 'AppError';
  }
}

export const PlatformMessages = {
  NotFound: 'The page or resource you were looking for does not exist.',
  ApiRouteNotFound: 'No API endpoint matches this method and path.',
  LoginRequired: 'Please log in to continue.',
  AccessDenied: 'You do not have access to this.',
  CsrfFailed: 'Your request could not be verified. Reload the page and try again.',
  CrossOriginRefused: 'Requests from another site are not accepted.',
  MalformedJson: 'The request body is not valid JSON.',
  BadUrlEncoding: 'The address holds a NUL character or text that is not valid UTF-8.',
  BodyNotUtf8: 'The request body is not valid UTF-8 text.',
  NulInBody: 'The request body holds a NUL character, which text may not contain.',
  BodyTooLarge: (limit: number) => `The request body is larger than the limit of ${limit} bytes.`,
  UnsupportedMediaType: 'Send the request body as JSON (Content-Type: application/json).',
  RateLimited: 'Too many requests. Please wait a moment and try again.',
  ServerError: 'Something went wrong on our side. Please try again.',
  ServiceUnavailable: 'A service we depend on failed. Please try again shortly.',
} as const;

export const unauthorized = (text: string = PlatformMessages.LoginRequired) =>
  new AppError(ErrorStatus.Unauthorized, text);
export const forbidden = (text: string = PlatformMessages.AccessDenied) =>
  new AppError(ErrorStatus.AccessDenied, text);
export const notFound = (text: string = PlatformMessages.NotFound) =>
  new AppError(ErrorStatus.NotFound, text);
export const invalidInput = (errors: Record<string, string>) => {
  const first = Object.values(errors)[0] ?? 'Invalid input.';
  return new AppError(ErrorStatus.OperationNotAllowed, first, errors);
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as FastifyError).code === 'string';
}

export function registerErrorHandler(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send({
        errorText: error.errorText,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.details,
      });
    }
    if (isFastifyError(error)) {
      switch (error.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return reply
            .status(ErrorStatus.OperationNotAllowed)
            .send({ errorText: PlatformMessages.MalformedJson });
        // The spec's mapping has no 413/415: a body we refuse is an operation not allowed.
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return reply
            .status(ErrorStatus.OperationNotAllowed)
            .send({ errorText: PlatformMessages.BodyTooLarge(bodyLimit) });
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return reply
            .status(ErrorStatus.OperationNotAllowed)
            .send({ errorText: PlatformMessages.UnsupportedMediaType });
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // Parser and protocol errors Fastify raises before our handlers: still the spec's body shape.
        return reply.status(error.statusCode).send({ errorText: error.message });
      }
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(ErrorStatus.ServerError).send({ errorText: PlatformMessages.ServerError });
  });
}
