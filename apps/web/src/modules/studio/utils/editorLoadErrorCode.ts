import { ApiError } from '../../api/ApiError';

/** The error page for an editor that could not load: forbidden and not found as they are, else 500. */
export function editorLoadErrorCode(error: unknown): 403 | 404 | 500 {
  const status = error instanceof ApiError ? error.status : 500;
  return status === 403 || status === 404 ? status : 500;
}
