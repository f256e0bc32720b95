import { FormMessage } from '../../../ui/FormMessage';
import { PageLoading } from '../../../ui/PageLoading';
import { ApiError } from '../../api/ApiError';
import { useIncorporations } from '../api/useIncorporations';
import type { ProofreadAddress } from '../utils/proofreadAddress';
import { SuggestionChange } from './SuggestionChange';

/** `/reviewIncorporations`: every pass the author decided and what they accepted or rejected. */
export function IncorporationsView({ address }: { address: ProofreadAddress }) {
  const query = useIncorporations(address);
  if (query.isPending) return <PageLoading label="Loading the incorporations" />;
  if (query.isError) {
    return (
      <FormMessage tone="error">
        {query.error instanceof ApiError ? query.error.message : 'The incorporations could not be loaded.'}
      </FormMessage>
    );
  }
  const { passes, accepted, rejected } = query.data;
  return (
    <section className="card" aria-labelledby="incorporations-heading">
      <h2 id="incorporations-heading">Review incorporations</h2>
      {passes.length === 0 ? (
        <p className="muted">The author has not incorporated any pass yet.</p>
      ) : (
        <>
          <p>
            {accepted} accepted, {rejected} rejected.
          </p>
          {passes.map((pass) => (
            <section key={pass.pass_no} aria-labelledby={`incorporated-pass-${pass.pass_no}`}>
              <h3 id={`incorporated-pass-${pass.pass_no}`}>
                Pass {pass.pass_no} by {pass.proofreader_name}
              </h3>
              <ul className="proofread-suggestions">
                {(pass.suggestions ?? []).map((suggestion) => (
                  <li key={suggestion.id}>
                    <SuggestionChange suggestion={suggestion} />
                    <p className={`badge proofread-decision-${suggestion.decision ?? 'none'}`}>
                      {suggestion.decision === 'accepted' ? 'Accepted' : 'Rejected'}
                      {suggestion.decided_by_name ? ` by ${suggestion.decided_by_name}` : ''}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </section>
  );
}
