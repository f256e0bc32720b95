import { ApiError } from '../../api/ApiError';

/** A failed load: the server's own text for a refusal (403/404), else a retry. */
export function LoadFailure({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  const refused = error instanceof ApiError && (error.status === 403 || error.status === 404);
  return (
    <div className="card growth-section" role="alert">
      <p>{refused ? error.message : `${what} could not be loaded.`}</p>
      {!refused && (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
