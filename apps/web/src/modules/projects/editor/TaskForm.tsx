import type { EditorProject, LanguageId, ProjectTypeName } from '@coderoom/contracts';
import { useId } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { Checkbox } from '../../studio/components/Checkbox';
import { LanguageSelect } from '../../studio/components/LanguageSelect';
import { TextAreaField } from '../../studio/components/TextAreaField';
import { FieldError } from './FieldError';
import { newLiveTest, TASK_TYPES, type TaskDraft, TYPE_LABELS } from './taskDraft';

interface TaskFormProps {
  draft: TaskDraft;
  onChange: (draft: TaskDraft) => void;
  /** The project's files, for the evaluation input and output. */
  files: EditorProject['files'];
  readOnly: boolean;
  /** The server's field errors (`url`, `evaluationInputFileId`, `live`, `app_port`, …). */
  errors: Record<string, string>;
}

/** Replaces the item at `index` of a list. */
function replaced<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((entry, at) => (at === index ? item : entry));
}

function FileSelect({
  label,
  value,
  files,
  error,
  onChange,
}: {
  label: string;
  value: number | null;
  files: EditorProject['files'];
  error: string | undefined;
  onChange: (fileId: number | null) => void;
}) {
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">Choose a file…</option>
        {files.map((file) => (
          <option key={file.id} value={file.id}>
            {file.name}
          </option>
        ))}
      </select>
      <FieldError message={error} />
    </div>
  );
}

/** One task: title and type, the learner's instructions and guide, and the fields of its type. */
export function TaskForm({ draft, onChange, files, readOnly, errors }: TaskFormProps) {
  const typeId = useId();
  const set = (patch: Partial<TaskDraft>) => onChange({ ...draft, ...patch });
  const { type } = draft;
  const isCode = type === 'code_widget' || type === 'code_evaluation';
  const isLive = type === 'terminal' || type === 'workspace';

  return (
    <fieldset className="project-task-form" disabled={readOnly}>
      <legend className="visually-hidden">Task</legend>
      <div className="project-form-row">
        <TextField
          label="Title"
          value={draft.title}
          error={errors.title}
          onChange={(event) => set({ title: event.target.value })}
        />
        <div className="field">
          <label htmlFor={typeId}>Type</label>
          <select
            id={typeId}
            value={type}
            onChange={(event) => set({ type: event.target.value as ProjectTypeName })}
          >
            {TASK_TYPES.map((option) => (
              <option key={option} value={option}>
                {TYPE_LABELS[option]}
              </option>
            ))}
          </select>
          <FieldError message={errors.type} />
        </div>
      </div>

      <TextAreaField
        label="Instructions (Markdown)"
        rows={5}
        value={draft.description}
        onChange={(event) => set({ description: event.target.value })}
      />
      <TextAreaField
        label="Guide (Markdown, shown in guided attempts only)"
        rows={3}
        value={draft.guide}
        onChange={(event) => set({ guide: event.target.value })}
      />

      {isCode && (
        <section className="project-task-section" aria-label="Code">
          <LanguageSelect value={draft.language} onChange={(language: LanguageId) => set({ language })} />
          <TextAreaField
            label="Starter code"
            code
            rows={6}
            value={draft.code}
            onChange={(event) => set({ code: event.target.value })}
          />
          <Checkbox
            label="The learner's program reads standard input"
            checked={draft.enableStdin}
            onChange={(enableStdin) => set({ enableStdin })}
          />
          <TextAreaField
            label="Reference solution (never shown to learners)"
            code
            rows={6}
            value={draft.solution}
            onChange={(event) => set({ solution: event.target.value })}
          />
          <FieldError message={errors.codeContent} />
        </section>
      )}

      {type === 'code_widget' && (
        <section className="project-task-section">
          <h3>Test cases</h3>
          <p className="field-hint">
            The program reads the input on stdin and must print the output. Hidden cases are judged on the
            server and never shown to learners.
          </p>
          {draft.testCases.map((test, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: test cases have no identity besides their position
            <div className="project-test-case" key={index}>
              <TextAreaField
                label={`Input ${index + 1}`}
                code
                rows={2}
                value={test.input}
                onChange={(event) =>
                  set({ testCases: replaced(draft.testCases, index, { ...test, input: event.target.value }) })
                }
              />
              <TextAreaField
                label={`Expected output ${index + 1}`}
                code
                rows={2}
                value={test.output}
                onChange={(event) =>
                  set({
                    testCases: replaced(draft.testCases, index, { ...test, output: event.target.value }),
                  })
                }
              />
              <div className="project-test-case-actions">
                <Checkbox
                  label="Hidden"
                  checked={test.hidden}
                  onChange={(hidden) =>
                    set({ testCases: replaced(draft.testCases, index, { ...test, hidden }) })
                  }
                />
                <Button
                  variant="ghost"
                  aria-label={`Remove test case ${index + 1}`}
                  onClick={() => set({ testCases: draft.testCases.filter((_, at) => at !== index) })}
                >
                  Remove
                </Button>
              </div>
            </div>
          ))}
          <Button
            variant="secondary"
            disabled={draft.testCases.length >= 100}
            onClick={() => set({ testCases: [...draft.testCases, { input: '', output: '', hidden: false }] })}
          >
            Add test case
          </Button>
          {draft.testCases.length === 0 && (
            <p className="field-hint">Without test cases, learners mark the task done themselves.</p>
          )}
        </section>
      )}

      {type === 'code_evaluation' && (
        <section className="project-task-section project-form-row" aria-label="Evaluation files">
          <FileSelect
            label="Evaluation input file"
            value={draft.evaluationInputFileId}
            files={files}
            error={errors.evaluationInputFileId}
            onChange={(evaluationInputFileId) => set({ evaluationInputFileId })}
          />
          <FileSelect
            label="Evaluation output file"
            value={draft.evaluationOutputFileId}
            files={files}
            error={errors.evaluationOutputFileId}
            onChange={(evaluationOutputFileId) => set({ evaluationOutputFileId })}
          />
        </section>
      )}

      {type === 'url_iframe' && (
        <TextField
          label="URL"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={draft.url}
          error={errors.url}
          hint="Shown to the learner in a frame, with a link to open it in a new tab."
          onChange={(event) => set({ url: event.target.value })}
        />
      )}

      {type === 'runjs' && (
        <section className="project-task-section" aria-label="RunJS starter panes">
          {(['html', 'css', 'js'] as const).map((pane) => (
            <TextAreaField
              key={pane}
              label={`Starter ${pane.toUpperCase()}`}
              code
              rows={5}
              value={draft.runjs[pane]}
              onChange={(event) => set({ runjs: { ...draft.runjs, [pane]: event.target.value } })}
            />
          ))}
        </section>
      )}

      {type === 'single_page_app' && (
        <section className="project-task-section" aria-label="Single page app starter files">
          {(
            [
              ['index', 'index.html'],
              ['app', 'App.jsx'],
              ['style', 'style.css'],
            ] as const
          ).map(([pane, name]) => (
            <TextAreaField
              key={pane}
              label={`Starter ${name}`}
              code
              rows={5}
              value={draft.spa[pane]}
              onChange={(event) => set({ spa: { ...draft.spa, [pane]: event.target.value } })}
            />
          ))}
        </section>
      )}

      {isLive && (
        <section className="project-task-section" aria-label="Live instance">
          <div className="project-form-row">
            <TextField
              label="Image"
              placeholder="coderoom/python/3"
              value={draft.image}
              error={errors.live}
              onChange={(event) => set({ image: event.target.value })}
            />
            {type === 'workspace' && (
              <TextField
                label="App port"
                inputMode="numeric"
                placeholder="8000"
                value={draft.appPort}
                error={errors.app_port}
                onChange={(event) => set({ appPort: event.target.value })}
              />
            )}
          </div>
          <h3>Starter files</h3>
          {draft.liveFiles.map((file, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: starter files are edited in place, paths may repeat while typed
            <div className="project-live-file" key={index}>
              <TextField
                label={`Path ${index + 1}`}
                value={file.path}
                onChange={(event) =>
                  set({ liveFiles: replaced(draft.liveFiles, index, { ...file, path: event.target.value }) })
                }
              />
              <TextAreaField
                label={`Content ${index + 1}`}
                code
                rows={4}
                value={file.content}
                onChange={(event) =>
                  set({
                    liveFiles: replaced(draft.liveFiles, index, { ...file, content: event.target.value }),
                  })
                }
              />
              <Button
                variant="ghost"
                aria-label={`Remove starter file ${index + 1}`}
                onClick={() => set({ liveFiles: draft.liveFiles.filter((_, at) => at !== index) })}
              >
                Remove
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            disabled={draft.liveFiles.length >= 50}
            onClick={() => set({ liveFiles: [...draft.liveFiles, { path: '', content: '' }] })}
          >
            Add starter file
          </Button>
          <h3>Test scripts</h3>
          <p className="field-hint">
            Shell scripts run in the learner's instance by Run tests; the task is done when every script exits
            0. Learners never see them.
          </p>
          {draft.liveTests.map((test, index) => (
            <div className="project-live-file" key={test.id}>
              <TextField
                label={`Test name ${index + 1}`}
                value={test.name}
                onChange={(event) =>
                  set({ liveTests: replaced(draft.liveTests, index, { ...test, name: event.target.value }) })
                }
              />
              <TextAreaField
                label={`Script ${index + 1}`}
                code
                rows={4}
                value={test.script}
                onChange={(event) =>
                  set({
                    liveTests: replaced(draft.liveTests, index, { ...test, script: event.target.value }),
                  })
                }
              />
              <Button
                variant="ghost"
                aria-label={`Remove test script ${index + 1}`}
                onClick={() => set({ liveTests: draft.liveTests.filter((_, at) => at !== index) })}
              >
                Remove
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            disabled={draft.liveTests.length >= 20}
            onClick={() => set({ liveTests: [...draft.liveTests, newLiveTest(draft.liveTests.length)] })}
          >
            Add test script
          </Button>
          <TextAreaField
            label="Reference solution script (never shown to learners)"
            code
            rows={4}
            value={draft.solution}
            onChange={(event) => set({ solution: event.target.value })}
          />
        </section>
      )}
    </fieldset>
  );
}
