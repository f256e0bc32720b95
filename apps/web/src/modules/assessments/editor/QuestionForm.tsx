import type { LanguageId, QuestionKind } from '@coderoom/contracts';
import { useId } from 'react';
import { Button } from '../../../ui/Button';
import { LanguageSelect } from '../../studio/components/LanguageSelect';
import { TextAreaField } from '../../studio/components/TextAreaField';
import {
  DIFFICULTY_LABELS,
  type Difficulty,
  KIND_LABELS,
  nextOptionId,
  type QuestionDraft,
  withKind,
} from './questionDraft';

interface QuestionFormProps {
  draft: QuestionDraft;
  onChange: (draft: QuestionDraft) => void;
  skills: readonly string[];
  /** Questionnaires ask choice questions only, and nothing is marked correct. */
  graded: boolean;
  readOnly: boolean;
  /** The server's field errors, keyed like `content.skill` or `protected_content.test_cases`. */
  errors: Record<string, string>;
}

/** The first server error whose key starts with one of the prefixes. */
function errorFor(errors: Record<string, string>, ...prefixes: string[]): string | null {
  for (const [key, message] of Object.entries(errors)) {
    if (prefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}.`))) return message;
  }
  return null;
}

function FieldError({ message }: { message: string | null }) {
  return message ? (
    <p className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** One question: its kind, difficulty and skill, the text, and the answer options or the code task. */
export function QuestionForm({ draft, onChange, skills, graded, readOnly, errors }: QuestionFormProps) {
  const ids = { kind: useId(), difficulty: useId(), skill: useId(), options: useId() };
  const set = (patch: Partial<QuestionDraft>) => onChange({ ...draft, ...patch });
  const kinds: QuestionKind[] = graded
    ? ['multiple_choice', 'multiple_answer', 'code']
    : ['multiple_choice', 'multiple_answer'];
  const single = draft.kind === 'multiple_choice';

  return (
    <fieldset className="question-form" disabled={readOnly}>
      <legend className="visually-hidden">Question</legend>
      <div className="question-form-row">
        <div className="field">
          <label htmlFor={ids.kind}>Kind</label>
          <select
            id={ids.kind}
            value={draft.kind}
            onChange={(event) => onChange(withKind(draft, event.target.value as QuestionKind))}
          >
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          <FieldError message={errorFor(errors, 'content.kind')} />
        </div>
        <div className="field">
          <label htmlFor={ids.difficulty}>Difficulty</label>
          <select
            id={ids.difficulty}
            value={draft.difficulty}
            onChange={(event) => set({ difficulty: Number(event.target.value) as Difficulty })}
          >
            {([1000, 1001, 1002] as const).map((level) => (
              <option key={level} value={level}>
                {DIFFICULTY_LABELS[level]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.skill}>Skill</label>
          {skills.length > 0 ? (
            <select
              id={ids.skill}
              value={draft.skill}
              onChange={(event) => set({ skill: event.target.value })}
            >
              {!skills.includes(draft.skill) && (
                <option value={draft.skill}>{draft.skill || 'Choose…'}</option>
              )}
              {skills.map((skill) => (
                <option key={skill} value={skill}>
                  {skill}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={ids.skill}
              value={draft.skill}
              onChange={(event) => set({ skill: event.target.value })}
            />
          )}
          <FieldError message={errorFor(errors, 'content.skill')} />
        </div>
      </div>

      <TextAreaField
        label="Question (Markdown)"
        value={draft.text}
        rows={4}
        onChange={(event) => set({ text: event.target.value })}
      />
      <FieldError message={errorFor(errors, 'content.text')} />

      {draft.kind === 'code' ? (
        <>
          <LanguageSelect value={draft.language} onChange={(language: LanguageId) => set({ language })} />
          <FieldError message={errorFor(errors, 'content.language')} />
          <TextAreaField
            label="Starter code"
            code
            rows={6}
            value={draft.starterCode}
            onChange={(event) => set({ starterCode: event.target.value })}
          />
          <TextAreaField
            label="Reference solution (never shown to learners)"
            code
            rows={6}
            value={draft.solution}
            onChange={(event) => set({ solution: event.target.value })}
          />
          <FieldError message={errorFor(errors, 'protected_content.solution')} />
          <div className="question-tests">
            <h3>Hidden test cases</h3>
            <p className="field-hint">
              The learner's program reads the input on stdin and must print the output.
            </p>
            {draft.testCases.map((test, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: test cases have no identity besides their position
              <div className="question-test" key={index}>
                <TextAreaField
                  label={`Input ${index + 1}`}
                  code
                  rows={2}
                  value={test.input}
                  onChange={(event) =>
                    set({
                      testCases: draft.testCases.map((item, at) =>
                        at === index ? { ...item, input: event.target.value } : item,
                      ),
                    })
                  }
                />
                <TextAreaField
                  label={`Expected output ${index + 1}`}
                  code
                  rows={2}
                  value={test.output}
                  onChange={(event) =>
                    set({
                      testCases: draft.testCases.map((item, at) =>
                        at === index ? { ...item, output: event.target.value } : item,
                      ),
                    })
                  }
                />
                <Button
                  variant="ghost"
                  aria-label={`Remove test case ${index + 1}`}
                  disabled={draft.testCases.length === 1}
                  onClick={() => set({ testCases: draft.testCases.filter((_, at) => at !== index) })}
                >
                  Remove
                </Button>
              </div>
            ))}
            <Button
              variant="secondary"
              disabled={draft.testCases.length >= 50}
              onClick={() => set({ testCases: [...draft.testCases, { input: '', output: '' }] })}
            >
              Add test case
            </Button>
            <FieldError message={errorFor(errors, 'protected_content.test_cases')} />
          </div>
        </>
      ) : (
        <fieldset className="question-options">
          <legend>Options</legend>
          {graded && (
            <p className="field-hint">
              {single ? 'Mark the one correct answer.' : 'Mark every correct answer.'} Learners never see
              which ones are correct.
            </p>
          )}
          <ol>
            {draft.options.map((option, index) => (
              <li key={option.id} className="question-option">
                {graded && (
                  <input
                    type={single ? 'radio' : 'checkbox'}
                    name={`${ids.options}-correct`}
                    checked={option.correct}
                    aria-label={`Option ${index + 1} is correct`}
                    onChange={(event) =>
                      set({
                        options: draft.options.map((item) =>
                          item.id === option.id
                            ? { ...item, correct: event.target.checked }
                            : single
                              ? { ...item, correct: false }
                              : item,
                        ),
                      })
                    }
                  />
                )}
                <input
                  className="question-option-text"
                  aria-label={`Option ${index + 1}`}
                  value={option.text}
                  placeholder={`Option ${index + 1}`}
                  onChange={(event) =>
                    set({
                      options: draft.options.map((item) =>
                        item.id === option.id ? { ...item, text: event.target.value } : item,
                      ),
                    })
                  }
                />
                <Button
                  variant="ghost"
                  aria-label={`Remove option ${index + 1}`}
                  disabled={draft.options.length <= 2}
                  onClick={() => set({ options: draft.options.filter((item) => item.id !== option.id) })}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ol>
          <Button
            variant="secondary"
            disabled={draft.options.length >= 12}
            onClick={() =>
              set({
                options: [...draft.options, { id: nextOptionId(draft.options), text: '', correct: false }],
              })
            }
          >
            Add option
          </Button>
          <FieldError message={errorFor(errors, 'content.options', 'protected_content.correct_option_ids')} />
        </fieldset>
      )}

      <TextAreaField
        label="Explanation (kept for the author; not shown to learners)"
        rows={3}
        value={draft.explanation}
        onChange={(event) => set({ explanation: event.target.value })}
      />
    </fieldset>
  );
}
