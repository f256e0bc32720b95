import { ErrorMessages } from '@coderoom/domain';

/** The text to show for a failed request: the server's errorText, else the spec's default failure. */
export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : ErrorMessages.DefaultFailure;
