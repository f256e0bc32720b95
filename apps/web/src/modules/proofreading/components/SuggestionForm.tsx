import type { ProofreadArticle } from '@coderoom/contracts';
import { PROOFREAD_SUGGESTION_NOTE_MAX, PROOFREAD_SUGGESTION_TEXT_MAX } from '@coderoom/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { ApiError } from '../../api/ApiError';
import { useSuggestionActions } from '../api/useSuggestionActions';
import { markdownBlocksOf } from '../utils/markdownBlocksOf';
import type { ProofreadAddress } from '../utils/proofreadAddress';

/** The proofreader's form: pick a block, the words to change and what to write instead. */
export function SuggestionForm({
  article,
  address,
  passNo,
}: {
  article: ProofreadArticle;
  address: ProofreadAddress;
  passNo: number;
}) {
  const blocks = markdownBlocksOf(article.components);
  const [compId, setCompId] = useState(blocks[0]?.comp_id ?? '');
  const [original, setOriginal] = useState('');
  const [replacement, setReplacement] = useState('');
  const [note, setNote] = useState('');
  const { add } = useSuggestionActions(address, passNo);
  const selectId = useId();
  const error = add.error instanceof ApiError ? add.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { comp_id: compId, original, replacement, ...(note.trim() ? { note } : {}) },
      {
        onSuccess: () => {
          setOriginal('');
          setReplacement('');
          setNote('');
        },
      },
    );
  };

  return (
    <form className="card proofread-form" onSubmit={submit} aria-labelledby={`${selectId}-heading`}>
      <h2 id={`${selectId}-heading`}>Suggest a change (pass {passNo})</h2>
      <div className="field">
        <label htmlFor={selectId}>Block</label>
        <select id={selectId} value={compId} onChange={(event) => setCompId(event.target.value)}>
          {blocks.map((block, index) => (
            <option key={block.comp_id} value={block.comp_id}>
              Block {index + 1}: {block.text.slice(0, 60)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Text to change"
        value={original}
        required
        maxLength={PROOFREAD_SUGGESTION_TEXT_MAX}
        onChange={(event) => setOriginal(event.target.value)}
        error={error?.errors?.original ?? null}
        hint="Copy the words exactly as they appear in the block."
      />
      <TextField
        label="Replace with"
        value={replacement}
        maxLength={PROOFREAD_SUGGESTION_TEXT_MAX}
        onChange={(event) => setReplacement(event.target.value)}
        error={error?.errors?.replacement ?? null}
      />
      <TextField
        label="Note for the author (optional)"
        value={note}
        maxLength={PROOFREAD_SUGGESTION_NOTE_MAX}
        onChange={(event) => setNote(event.target.value)}
      />
      {error && !error.errors?.original && !error.errors?.replacement ? (
        <FormMessage tone="error">{error.message}</FormMessage>
      ) : null}
      {add.isSuccess ? <FormMessage tone="success">Suggestion added.</FormMessage> : null}
      <Button type="submit" busy={add.isPending} disabled={!compId || !original}>
        Add suggestion
      </Button>
    </form>
  );
}
