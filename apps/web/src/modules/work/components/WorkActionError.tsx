import { Link } from 'react-router';
import { FormMessage } from '../../../ui/FormMessage';
import { ApiError } from '../../api/ApiError';

/**
 * A refused work action's text; a plan limit (001 §6: the answer carries `upgrade_url`) also links to where
 * the user can upgrade.
 */
export function WorkActionError({ error }: { error: Error | null }) {
  if (!error) return null;
  const upgrade =
    error instanceof ApiError &&
    typeof error.body.upgrade_url === 'string' &&
    error.body.upgrade_url.startsWith('/')
      ? error.body.upgrade_url
      : null;
  return (
    <FormMessage tone="error">
      {error.message}
      {upgrade && (
        <>
          {' '}
          <Link to={upgrade}>See plans and upgrade</Link>
        </>
      )}
    </FormMessage>
  );
}
