import type { ProofreadArticle, SuggestionDecision } from '@coderoom/contracts';
import { ProofreadingState } from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useIncorporate } from '../api/useIncorporate';
import { type ProofreadAddress, proofreadPageUrl } from '../utils/proofreadAddress';
import { SuggestionChange } from './SuggestionChange';

/** `/incorporate`: the author accepts or rejects each suggestion; the accepted ones change the draft. */
export function IncorporateForm({
  article,
  address,
}: {
  article: ProofreadArticle;
  address: ProofreadAddress;
}) {
  const pending = article.passes
    .filter((pass) => pass.released_at !== null && pass.incorporated_at === null)
    .flatMap((pass) => pass.suggestions ?? [])
    .filter((suggestion) => suggestion.decision === null);
  const [decisions, setDecisions] = useState<Record<number, SuggestionDecision>>({});
  const incorporate = useIncorporate(address);
  const navigate = useNavigate();

  if (!article.allowed_actions.includes('incorporate')) {
    return (
      <section className="card">
        <h2>Incorporate suggestions</h2>
        <p className="muted">
          {article.state === ProofreadingState.AwaitingAuthorReview
            ? 'Only the author of this article incorporates its suggestions.'
            : 'There are no suggestions waiting for the author right now.'}
        </p>
      </section>
    );
  }

  const decided = pending.filter((suggestion) => decisions[suggestion.id] !== undefined).length;
  const accepted = pending.filter((suggestion) => decisions[suggestion.id] === 'accepted').length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    incorporate.mutate(
      {
        etag: article.etag ?? '',
        body: {
          decisions: pending.map((suggestion) => ({
            suggestion_id: suggestion.id,
            decision: decisions[suggestion.id] ?? 'rejected',
          })),
        },
      },
      { onSuccess: () => navigate(proofreadPageUrl(address, 'reviewIncorporations')) },
    );
  };
  const setAll = (decision: SuggestionDecision) =>
    setDecisions(Object.fromEntries(pending.map((suggestion) => [suggestion.id, decision])));

  return (
    <form className="card proofread-incorporate" onSubmit={submit} aria-labelledby="incorporate-heading">
      <h2 id="incorporate-heading">Incorporate suggestions</h2>
      <p className="muted">
        Accept or reject each suggestion. Accepted ones change your draft when you finish; rejected ones leave
        it as it is.
      </p>
      <div className="proofread-actions">
        <Button variant="secondary" onClick={() => setAll('accepted')}>
          Accept all
        </Button>
        <Button variant="secondary" onClick={() => setAll('rejected')}>
          Reject all
        </Button>
      </div>
      <ol className="proofread-suggestions">
        {pending.map((suggestion, index) => (
          <li key={suggestion.id}>
            <fieldset>
              <legend>
                Suggestion {index + 1} (pass {suggestion.pass_no})
              </legend>
              <SuggestionChange suggestion={suggestion} />
              {suggestion.note ? <p className="proofread-note">Note: {suggestion.note}</p> : null}
              <div className="proofread-choice">
                {(['accepted', 'rejected'] as const).map((decision) => (
                  <label key={decision}>
                    <input
                      type="radio"
                      name={`suggestion-${suggestion.id}`}
                      value={decision}
                      checked={decisions[suggestion.id] === decision}
                      onChange={() => setDecisions({ ...decisions, [suggestion.id]: decision })}
                    />{' '}
                    {decision === 'accepted' ? 'Accept' : 'Reject'}
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <p role="status">
        {decided} of {pending.length} decided, {accepted} accepted.
      </p>
      {incorporate.isError ? <FormMessage tone="error">{incorporate.error.message}</FormMessage> : null}
      <Button type="submit" busy={incorporate.isPending} disabled={decided < pending.length}>
        Incorporate {accepted} accepted {accepted === 1 ? 'suggestion' : 'suggestions'}
      </Button>
    </form>
  );
}
