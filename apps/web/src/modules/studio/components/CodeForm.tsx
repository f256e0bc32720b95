import type { TestCase, WidgetOf } from '@coderoom/contracts';
import { TutorLimits } from '@coderoom/domain';
import { lazy, Suspense, useContext } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { CollabContext } from '../state/CollabContext';
import { Checkbox } from './Checkbox';
import { LanguageSelect } from './LanguageSelect';
import { TextAreaField } from './TextAreaField';

const CollaborativeTextField = lazy(() =>
  import('../../collab/components/CollaborativeTextField').then((module) => ({
    default: module.CollaborativeTextField,
  })),
);

type CodeWidget = WidgetOf<'Code'>;
const MAX_TEST_CASES = 100;

/** The code exercise: starter code, solution, judging with test cases, hidden code, stdin and hints. */
export function CodeForm({
  widget,
  onChange,
}: {
  widget: CodeWidget;
  onChange: (widget: CodeWidget) => void;
}) {
  const { content } = widget;
  const collab = useContext(CollabContext);
  const set = (patch: Partial<CodeWidget['content']>) =>
    onChange({ ...widget, content: { ...content, ...patch } });
  const setCase = (index: number, patch: Partial<TestCase>) =>
    set({
      testCases: content.testCases.map((testCase, at) =>
        at === index ? { ...testCase, ...patch } : testCase,
      ),
    });

  return (
    <div className="stack studio-form">
      <div className="studio-grid-2">
        <LanguageSelect value={content.language} onChange={(language) => set({ language })} />
        <TextField
          label="Time limit (seconds)"
          type="number"
          min={1}
          max={60}
          value={content.timeLimit}
          onChange={(event) => set({ timeLimit: Math.min(60, Math.max(1, Number(event.target.value) || 1)) })}
        />
      </div>
      <TextField
        label="Caption"
        value={content.caption ?? ''}
        maxLength={500}
        onChange={(event) => set({ caption: event.target.value || undefined })}
      />
      {collab ? (
        // In a live lesson the starter code is merged like prose; the other fields are saved as usual.
        <Suspense fallback={<p className="small muted">Loading the live editor…</p>}>
          <CollaborativeTextField
            session={collab.session}
            map="code"
            compId={widget.comp_id}
            initialText={content.code}
            label="Starter code"
            placeholder="The code the learner starts from"
            isCode
            onText={(next) => collab.onText('code', widget.comp_id, next)}
          />
        </Suspense>
      ) : (
        <TextAreaField
          label="Starter code"
          code
          rows={6}
          value={content.code}
          onChange={(event) => set({ code: event.target.value })}
        />
      )}
      <div className="studio-flags">
        <Checkbox label="Runnable" checked={content.runnable} onChange={(runnable) => set({ runnable })} />
        <Checkbox label="Judge (Check button)" checked={content.judge} onChange={(judge) => set({ judge })} />
        <Checkbox
          label="Standard input"
          checked={content.enableStdin}
          onChange={(enableStdin) => set({ enableStdin })}
        />
        <Checkbox
          label="Show solution"
          checked={content.showSolution}
          onChange={(showSolution) => set({ showSolution })}
        />
        <Checkbox
          label="Hidden code"
          checked={content.enableHiddenCode}
          onChange={(enableHiddenCode) => set({ enableHiddenCode })}
        />
      </div>
      {/* A judged exercise needs a solution that passes its tests before review (the quality gate). */}
      {(content.showSolution || content.judge) && (
        <TextAreaField
          label="Solution"
          hint={
            content.showSolution
              ? 'Learners can reveal it.'
              : 'Run against the tests before review; learners do not see it unless Show solution is on.'
          }
          code
          rows={5}
          value={content.solution ?? ''}
          onChange={(event) => set({ solution: event.target.value })}
        />
      )}
      {content.enableHiddenCode && (
        <div className="studio-grid-2">
          <TextAreaField
            label="Hidden code before"
            hint="Runs before the learner's code; never shown to them."
            code
            rows={3}
            value={content.hiddenPrependCode ?? ''}
            onChange={(event) => set({ hiddenPrependCode: event.target.value })}
          />
          <TextAreaField
            label="Hidden code after"
            hint="Runs after the learner's code; never shown to them."
            code
            rows={3}
            value={content.hiddenAppendCode ?? ''}
            onChange={(event) => set({ hiddenAppendCode: event.target.value })}
          />
        </div>
      )}
      <fieldset className="studio-fieldset">
        <legend>Test cases</legend>
        {content.testCases.length === 0 && (
          <p className="small muted">No test cases yet. Judged exercises need at least one.</p>
        )}
        {content.testCases.map((testCase, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: test cases have no id; order is their identity
          <div className="studio-test-case" key={index}>
            <TextAreaField
              label={`Input ${index + 1}`}
              code
              rows={2}
              value={testCase.input}
              onChange={(event) => setCase(index, { input: event.target.value })}
            />
            <TextAreaField
              label={`Expected output ${index + 1}`}
              code
              rows={2}
              value={testCase.output}
              onChange={(event) => setCase(index, { output: event.target.value })}
            />
            <div className="studio-test-case-actions">
              <Checkbox
                label="Hidden"
                checked={testCase.hidden}
                onChange={(hidden) => setCase(index, { hidden })}
              />
              <Button
                variant="ghost"
                aria-label={`Remove test case ${index + 1}`}
                onClick={() => set({ testCases: content.testCases.filter((_, at) => at !== index) })}
              >
                Remove
              </Button>
            </div>
          </div>
        ))}
        <Button
          variant="secondary"
          disabled={content.testCases.length >= MAX_TEST_CASES}
          onClick={() => set({ testCases: [...content.testCases, { input: '', output: '', hidden: false }] })}
        >
          Add test case
        </Button>
      </fieldset>
      <HintsFieldset
        hints={content.hints ?? []}
        onChange={(hints) => set({ hints: hints.length ? hints : undefined })}
      />
    </div>
  );
}

/**
 * The tutor's ladder (docs/ai.md "Tutor"): learners whose code fails get these one at a time, nudge first.
 * Without any, a judged exercise gets the platform's own hints from the failing test.
 */
function HintsFieldset({ hints, onChange }: { hints: string[]; onChange: (hints: string[]) => void }) {
  return (
    <fieldset className="studio-fieldset">
      <legend>Hints</legend>
      <p className="small muted">
        Given one at a time to a learner whose code fails, in this order: start with a nudge, end with a
        worked step. The solution is never given by a hint; Show solution decides that.
      </p>
      {hints.map((hint, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: hints have no id; their order is the ladder
        <div className="studio-hint" key={index}>
          <TextAreaField
            label={`Hint ${index + 1}`}
            rows={2}
            maxLength={TutorLimits.hintCharacters}
            value={hint}
            onChange={(event) =>
              onChange(hints.map((text, at) => (at === index ? event.target.value : text)))
            }
          />
          <Button
            variant="ghost"
            aria-label={`Remove hint ${index + 1}`}
            onClick={() => onChange(hints.filter((_, at) => at !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        disabled={hints.length >= TutorLimits.hintsPerExercise}
        onClick={() => onChange([...hints, ''])}
      >
        Add hint
      </Button>
    </fieldset>
  );
}
