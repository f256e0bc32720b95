import { clientCodeFor, errorTextFrom } from '@coderoom/domain';

/** A non-2xx answer, with the spec's client code (4000 + status) and the text to show. */
export class ApiError extends Error {
  readonly clientCode: number;

  constructor(
    readonly status: number,
    readonly errorText: string,
    readonly errors: Record<string, string> = {},
    /** The whole error body, for modules whose errors carry more (AI search: code, message, hint). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(errorText || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.clientCode = clientCodeFor(status);
  }

  static fromBody(status: number, body: unknown): ApiError {
    const parsed = (typeof body === 'object' && body !== null ? body : {}) as {
      errorText?: unknown;
      errors?: unknown;
    };
    const errors =
      typeof parsed.errors === 'object' && parsed.errors !== null
        ? (parsed.errors as Record<string, string>)
        : {};
    const errorText = typeof parsed.errorText === 'string' ? parsed.errorText : undefined;
    const text = errorTextFrom({ errorText, errors }, status) || 'Something went wrong. Please try again.';
    return new ApiError(status, text, errors, parsed as Record<string, unknown>);
  }
}
