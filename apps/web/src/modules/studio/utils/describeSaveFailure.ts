import { ErrorStatus } from '@coderoom/domain';
import { ApiError } from '../../api/ApiError';

export type SaveFailure =
  | { isConflict: true }
  | { isConflict: false; errors: Record<string, string>; text: string };

/**
 * What a failed save means for the editor: a 409 is a conflict (the Conflicts dialog asks what to do);
 * anything else shows its message and the server's field errors, or `fallback` for a non-Error.
 */
export function describeSaveFailure(error: unknown, fallback: string): SaveFailure {
  if (error instanceof ApiError && error.status === ErrorStatus.AlreadyExists) return { isConflict: true };
  return {
    isConflict: false,
    errors: error instanceof ApiError ? error.errors : {},
    text: error instanceof Error ? error.message : fallback,
  };
}
