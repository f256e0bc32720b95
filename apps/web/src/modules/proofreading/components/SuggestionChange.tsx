import type { ProofreadSuggestion } from '@coderoom/contracts';

/** The server sends up to 60 characters of context: fewer means the block starts or ends there. */
const CONTEXT_CHARS = 60;

/** A suggestion in place: the text around it, the words taken out struck through and the new ones marked. */
export function SuggestionChange({ suggestion }: { suggestion: ProofreadSuggestion }) {
  return (
    <p className="proofread-change">
      {suggestion.context_before ? (
        <span className="muted">
          {suggestion.context_before.length >= CONTEXT_CHARS ? '…' : ''}
          {suggestion.context_before}
        </span>
      ) : null}
      <del>
        <span className="visually-hidden">Remove: </span>
        {suggestion.original}
      </del>
      {suggestion.replacement ? (
        <ins>
          <span className="visually-hidden">Insert: </span>
          {suggestion.replacement}
        </ins>
      ) : null}
      {suggestion.context_after ? (
        <span className="muted">
          {suggestion.context_after}
          {suggestion.context_after.length >= CONTEXT_CHARS ? '…' : ''}
        </span>
      ) : null}
    </p>
  );
}
