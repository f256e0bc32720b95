import type { ProofreadArticle } from '@coderoom/contracts';
import {
  PROOFREADING_MOVES,
  PROOFREADING_STATE_LABELS,
  ProofreadingAction,
  ProofreadingState,
} from '@coderoom/domain';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useProofreadTransition } from '../api/useProofreadTransition';
import { useSuggestionActions } from '../api/useSuggestionActions';
import { markdownBlocksOf } from '../utils/markdownBlocksOf';
import { type ProofreadAddress, proofreadPageUrl } from '../utils/proofreadAddress';
import { SuggestionChange } from './SuggestionChange';
import { SuggestionForm } from './SuggestionForm';

const WHAT_NEXT: Record<number, string> = {
  [ProofreadingState.Edit]: 'The author edits the article and submits it when it is ready to be proofread.',
  [ProofreadingState.SubmittedForProofread]: 'Waiting for a proofreader to start.',
  [ProofreadingState.InProofread]: 'A proofreader is suggesting changes in a pass.',
  [ProofreadingState.AwaitingAdminReview]: 'An admin reviews the pass before it goes to the author.',
  [ProofreadingState.AwaitingAuthorReview]: 'The author accepts or rejects each suggestion.',
  [ProofreadingState.AwaitingAdminApproval]:
    'An admin approves the incorporated article, which publishes it.',
};

/** The article's state, the moves the caller may make, its text, the passes and the history. */
export function ProofreadOverview({
  article,
  address,
}: {
  article: ProofreadArticle;
  address: ProofreadAddress;
}) {
  const transition = useProofreadTransition(address);
  const openPass = article.passes.find((pass) => pass.finished_at === null);
  const isWriting =
    article.state === ProofreadingState.InProofread &&
    openPass !== undefined &&
    article.allowed_actions.includes('finish_pass');
  const { remove } = useSuggestionActions(address, openPass?.pass_no ?? 0);
  const moves = article.allowed_actions.filter((action) => action !== ProofreadingAction.Incorporate);
  const blocks = markdownBlocksOf(article.components);

  return (
    <>
      <section className="card proofread-status" aria-labelledby="proofread-state-heading">
        <h2 id="proofread-state-heading">
          State: <span className="badge proofread-state">{PROOFREADING_STATE_LABELS[article.state]}</span>
        </h2>
        <p className="muted">{WHAT_NEXT[article.state]}</p>
        {article.proofreader_name ? <p>Proofreader: {article.proofreader_name}</p> : null}
        <div className="proofread-actions">
          {moves.map((action) => (
            <Button
              key={action}
              variant={action === 'withdraw' || action === 'return_to_proofreader' ? 'secondary' : 'primary'}
              busy={transition.isPending && transition.variables === action}
              disabled={transition.isPending}
              onClick={() => transition.mutate(action as Exclude<typeof action, 'incorporate'>)}
            >
              {PROOFREADING_MOVES[action].label}
            </Button>
          ))}
          {article.allowed_actions.includes('incorporate') ? (
            <Link className="btn btn-primary" to={proofreadPageUrl(address, 'incorporate')}>
              Review the suggestions
            </Link>
          ) : null}
          {moves.length === 0 && !article.allowed_actions.includes('incorporate') ? (
            <p className="muted">Nothing for you to do at this step.</p>
          ) : null}
        </div>
        {transition.isError ? <FormMessage tone="error">{transition.error.message}</FormMessage> : null}
      </section>

      {isWriting && openPass ? (
        <SuggestionForm article={article} address={address} passNo={openPass.pass_no} />
      ) : null}

      <section className="card" aria-labelledby="proofread-text-heading">
        <h2 id="proofread-text-heading">Text of the article</h2>
        {blocks.length === 0 ? (
          <p className="muted">This article has no text blocks yet.</p>
        ) : (
          <ol className="proofread-blocks">
            {blocks.map((block) => (
              <li key={block.comp_id}>
                <pre className="proofread-block-text">{block.text}</pre>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="card" aria-labelledby="proofread-passes-heading">
        <h2 id="proofread-passes-heading">Passes</h2>
        {article.passes.length === 0 ? (
          <p className="muted">No proofreader has made a pass on this article yet.</p>
        ) : (
          <ol className="proofread-passes">
            {article.passes.map((pass) => (
              <li key={pass.pass_no}>
                <h3>
                  Pass {pass.pass_no} by {pass.proofreader_name}{' '}
                  <span className="muted">
                    ({pass.suggestion_count} {pass.suggestion_count === 1 ? 'suggestion' : 'suggestions'}
                    {pass.finished_at ? '' : ', open'})
                  </span>
                </h3>
                {pass.suggestions === null ? (
                  <p className="muted">An admin reviews this pass before you see it.</p>
                ) : pass.suggestions.length === 0 ? (
                  <p className="muted">No suggestions in this pass.</p>
                ) : (
                  <ul className="proofread-suggestions">
                    {pass.suggestions.map((suggestion) => (
                      <li key={suggestion.id}>
                        <SuggestionChange suggestion={suggestion} />
                        {suggestion.note ? <p className="proofread-note">Note: {suggestion.note}</p> : null}
                        {suggestion.decision ? (
                          <p className={`badge proofread-decision-${suggestion.decision}`}>
                            {suggestion.decision === 'accepted' ? 'Accepted' : 'Rejected'}
                          </p>
                        ) : null}
                        {isWriting && pass.pass_no === openPass?.pass_no ? (
                          <Button
                            variant="ghost"
                            busy={remove.isPending && remove.variables === suggestion.id}
                            onClick={() => remove.mutate(suggestion.id)}
                            aria-label={`Remove the suggestion "${suggestion.original}" → "${suggestion.replacement}"`}
                          >
                            Remove
                          </Button>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                )}
                {pass.suggestions !== null ? (
                  <p>
                    <Link to={proofreadPageUrl(address, `pass/${pass.pass_no}/preview`)}>
                      See pass {pass.pass_no} as a diff
                    </Link>
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        {remove.isError ? <FormMessage tone="error">{remove.error.message}</FormMessage> : null}
      </section>

      {article.events.length > 0 ? (
        <section className="card" aria-labelledby="proofread-history-heading">
          <h2 id="proofread-history-heading">History</h2>
          <ol className="proofread-history">
            {article.events.map((event) => (
              <li key={`${event.at}-${event.action}`}>
                <time dateTime={event.at}>{new Date(event.at).toLocaleString()}</time> — {event.actor_name}:{' '}
                {PROOFREADING_MOVES[event.action as ProofreadingAction]?.label ?? event.action} (
                {PROOFREADING_STATE_LABELS[event.to_state]})
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
