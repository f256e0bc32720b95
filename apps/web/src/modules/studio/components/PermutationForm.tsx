import type { WidgetOf } from '@coderoom/contracts';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { newCompId } from '../utils/newCompId';

type Permutation = WidgetOf<'Permutation'>;
type Option = Permutation['content']['options'][number];
const MIN_OPTIONS = 2;
const MAX_OPTIONS = 12;

/** The options in their correct order; readers get them shuffled. */
export function PermutationForm({
  widget,
  onChange,
}: {
  widget: Permutation;
  onChange: (widget: Permutation) => void;
}) {
  const { content } = widget;
  const setOptions = (options: Option[]) => onChange({ ...widget, content: { ...content, options } });
  return (
    <div className="stack studio-form">
      <TextField
        label="Prompt"
        value={content.prompt}
        maxLength={2000}
        onChange={(event) => onChange({ ...widget, content: { ...content, prompt: event.target.value } })}
      />
      <p className="small muted">List the options in the correct order.</p>
      <ol className="studio-option-list">
        {content.options.map((option, index) => (
          <li key={option.id} className="studio-option">
            <input
              className="studio-inline-input"
              aria-label={`Option ${index + 1}`}
              value={option.text}
              maxLength={1000}
              onChange={(event) =>
                setOptions(
                  content.options.map((o) => (o.id === option.id ? { ...o, text: event.target.value } : o)),
                )
              }
            />
            <Button
              variant="ghost"
              disabled={content.options.length <= MIN_OPTIONS}
              aria-label={`Remove option ${index + 1}`}
              onClick={() => setOptions(content.options.filter((o) => o.id !== option.id))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        disabled={content.options.length >= MAX_OPTIONS}
        onClick={() => setOptions([...content.options, { id: newCompId(), text: '' }])}
      >
        Add option
      </Button>
    </div>
  );
}
