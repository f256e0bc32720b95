import '../modules/studio/studio.css';
import '../modules/answers/answers.css';
import type { SaveShotRequest, ShotDraftResponse, ShotProps, Widget, WidgetKind } from '@coderoom/contracts';
import { SHOT_LICENSE_LABELS, ShotLicense, shotUrlFromTitle } from '@coderoom/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  useAnswerDraft,
  useAnswerDraftProps,
  useCreateAnswer,
  useMyAnswers,
  usePublishAnswer,
  useSaveAnswer,
} from '../modules/answers/api/answersApi';
import { ApiError } from '../modules/api/ApiError';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { WidgetEditorCard } from '../modules/studio/components/WidgetEditorCard';
import { WidgetToolbox } from '../modules/studio/components/WidgetToolbox';
import { copyWidget } from '../modules/studio/utils/copyWidget';
import { createWidget } from '../modules/studio/utils/createWidget';
import { moveListItem } from '../modules/studio/utils/moveListItem';
import { reviewStateLabel } from '../modules/studio/utils/reviewStateLabel';
import { widgetTypesOf } from '../modules/studio/utils/widgetTypesOf';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

const TOPICS = ['Python', 'JavaScript', 'TypeScript', 'Go', 'Rust', 'C++'] as const;
type Topic = (typeof TOPICS)[number];

interface Draft {
  title: string;
  url: string;
  components: Widget[];
  programming_tags: Topic[];
  topic_tags: string;
  tags: string;
  license: number;
  difficulty: number;
  draft_viewers: string;
}

const splitList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function draftFrom(shot: ShotDraftResponse, props: ShotProps | undefined): Draft {
  return {
    title: shot.title,
    url: shot.url,
    components: shot.content.components,
    programming_tags: shot.programming_tags as Topic[],
    topic_tags: shot.topic_tags.join(', '),
    tags: shot.tags.join(', '),
    license: props?.license ?? ShotLicense.Product,
    difficulty: props?.difficulty ?? 1000,
    draft_viewers: (props?.draftViewers ?? []).join(', '),
  };
}

function requestOf(draft: Draft): SaveShotRequest {
  return {
    title: draft.title.trim(),
    url: draft.url.trim(),
    components: draft.components,
    programming_tags: draft.programming_tags,
    topic_tags: splitList(draft.topic_tags),
    tags: splitList(draft.tags),
    license: draft.license as SaveShotRequest['license'],
    difficulty: draft.difficulty as SaveShotRequest['difficulty'],
    draft_viewers: splitList(draft.draft_viewers),
  };
}

/** /create-answer: start an answer (a title), and the author's answers so far. */
function CreateAnswer() {
  usePageTitle('Write an answer');
  const navigate = useNavigate();
  const create = useCreateAnswer();
  const mine = useMyAnswers(true);
  const [title, setTitle] = useState('');
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(title.trim(), { onSuccess: (created) => navigate(`/answereditor/${created.shotId}`) });
  };
  return (
    <main id="main" className="page answer-page">
      <header className="page-header">
        <h1>Write an answer</h1>
        <p className="muted">
          Answer one programming question in a few paragraphs and a runnable example. An admin reviews a new
          answer before readers see it. A proofreader can check your wording first:{' '}
          <Link to="/proofread">proofreading</Link>.
        </p>
      </header>
      <form className="card answer-editor-field" onSubmit={submit}>
        <label htmlFor={titleId}>The question your answer solves</label>
        <input
          id={titleId}
          value={title}
          maxLength={200}
          required
          placeholder="How do I reverse a list in Python?"
          onChange={(event) => setTitle(event.target.value)}
        />
        <div>
          <Button type="submit" disabled={create.isPending}>
            Start writing
          </Button>
        </div>
        {create.isError ? <p role="alert">{create.error.message}</p> : null}
      </form>
      <section aria-labelledby="my-answers-heading">
        <h2 id="my-answers-heading">Your answers</h2>
        {mine.isPending ? (
          <p role="status" className="muted">
            Loading…
          </p>
        ) : mine.isError ? (
          <p role="alert">Your answers could not be loaded.</p>
        ) : mine.data.items.length === 0 ? (
          <p className="muted">You have not written an answer yet.</p>
        ) : (
          <ul className="answer-list">
            {mine.data.items.map((item) => (
              <li key={item.shotId} className="card">
                <Link to={`/answereditor/${item.shotId}`}>{item.title}</Link>{' '}
                <span className="muted">
                  · {item.isPublished ? 'Published' : 'Not published'} · {reviewStateLabel(item.reviewState)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

/** /answereditor/{id}: the draft, its widgets (the studio's widget forms), save and publish. */
function EditAnswer({ shotId }: { shotId: number }) {
  const loaded = useAnswerDraft(shotId);
  const loadedProps = useAnswerDraftProps(shotId);
  const save = useSaveAnswer(shotId);
  const publish = usePublishAnswer(shotId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [etag, setEtag] = useState('');
  const [selected, setSelected] = useState(0);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const ids = {
    title: useId(),
    url: useId(),
    topics: useId(),
    tags: useId(),
    license: useId(),
    difficulty: useId(),
    viewers: useId(),
  };
  usePageTitle(draft ? `Editing ${draft.title}` : 'Answer editor');

  useEffect(() => {
    if (loaded.data && loadedProps.data && draft === null) {
      const initial = draftFrom(loaded.data, loadedProps.data);
      if (initial.url.startsWith('answer-') && initial.title)
        initial.url = shotUrlFromTitle(initial.title) || initial.url;
      setDraft(initial);
      setEtag(loaded.data.etag);
    }
  }, [loaded.data, loadedProps.data, draft]);

  if (loaded.isPending || loadedProps.isPending) return <PageLoading label="Loading the answer" />;
  if (loaded.isError) {
    const status = loaded.error instanceof ApiError ? loaded.error.status : 500;
    return <ErrorPage code={status === 403 ? 403 : status === 404 ? 404 : 500} />;
  }
  if (!draft) return <PageLoading label="Loading the answer" />;

  const change = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
    setDirty(true);
  };
  const setWidgets = (components: Widget[]) => change({ components });
  const add = (kind: WidgetKind) => {
    const at = Math.min(selected + 1, draft.components.length);
    const next = [...draft.components];
    next.splice(at, 0, createWidget(kind));
    setWidgets(next);
    setSelected(at);
  };

  const doSave = async (): Promise<boolean> => {
    setMessage('');
    setErrors({});
    try {
      const saved = await save.mutateAsync({ etag, request: requestOf(draft) });
      setEtag(saved.etag);
      setDirty(false);
      setMessage('Saved.');
      return true;
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.errors);
        setMessage(
          error.status === 409 && !error.errors.url
            ? 'This content was just updated. Refresh the page to get latest content'
            : error.message,
        );
      } else setMessage('The answer could not be saved. Please try again.');
      return false;
    }
  };
  const doPublish = async () => {
    if (dirty && !(await doSave())) return;
    try {
      const result = await publish.mutateAsync();
      setMessage(
        result.state === 'published'
          ? 'Published: readers see this version now.'
          : 'Submitted for review. Readers see the answer once an admin approves it.',
      );
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'The answer could not be published.');
    }
  };
  const props = loadedProps.data;

  return (
    <main id="main" className="page answer-page">
      <header className="page-header">
        <h1>Answer editor</h1>
        <p className="muted">
          {props?.isPublished ? (
            <>
              Published at <Link to={`/answers/${loaded.data.url}`}>/answers/{loaded.data.url}</Link>.{' '}
            </>
          ) : (
            'Not published yet. '
          )}
          Review: {props ? reviewStateLabel(props.reviewState) : ''}
        </p>
      </header>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void doSave();
        }}
      >
        <div className="card answer-editor-grid">
          <label htmlFor={ids.title}>
            Title
            <input
              id={ids.title}
              value={draft.title}
              maxLength={200}
              required
              onChange={(event) => change({ title: event.target.value })}
            />
          </label>
          <label htmlFor={ids.url}>
            Canonical url (/answers/…)
            <input
              id={ids.url}
              value={draft.url}
              maxLength={120}
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={errors.url ? `${ids.url}-error` : undefined}
              onChange={(event) => change({ url: event.target.value })}
            />
            {errors.url ? (
              <span id={`${ids.url}-error`} className="field-error">
                {errors.url}
              </span>
            ) : null}
          </label>
          <label htmlFor={ids.topics}>
            Topic tags (comma separated)
            <input
              id={ids.topics}
              value={draft.topic_tags}
              onChange={(event) => change({ topic_tags: event.target.value })}
            />
          </label>
          <label htmlFor={ids.tags}>
            Other tags (comma separated)
            <input
              id={ids.tags}
              value={draft.tags}
              onChange={(event) => change({ tags: event.target.value })}
            />
          </label>
          <label htmlFor={ids.license}>
            Licence
            <select
              id={ids.license}
              value={draft.license}
              onChange={(event) => change({ license: Number(event.target.value) })}
            >
              {Object.entries(SHOT_LICENSE_LABELS).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={ids.difficulty}>
            Difficulty
            <select
              id={ids.difficulty}
              value={draft.difficulty}
              onChange={(event) => change({ difficulty: Number(event.target.value) })}
            >
              <option value={1000}>Easy</option>
              <option value={1001}>Medium</option>
              <option value={1002}>Hard</option>
            </select>
          </label>
          <label htmlFor={ids.viewers}>
            Draft viewers (e-mail addresses, comma separated)
            <input
              id={ids.viewers}
              value={draft.draft_viewers}
              aria-invalid={errors.draft_viewers ? true : undefined}
              onChange={(event) => change({ draft_viewers: event.target.value })}
            />
            {errors.draft_viewers ? <span className="field-error">{errors.draft_viewers}</span> : null}
          </label>
          <fieldset className="answer-editor-topics">
            <legend>Languages</legend>
            {TOPICS.map((topic) => (
              <label key={topic}>
                <input
                  type="checkbox"
                  checked={draft.programming_tags.includes(topic)}
                  onChange={(event) =>
                    change({
                      programming_tags: event.target.checked
                        ? [...draft.programming_tags, topic]
                        : draft.programming_tags.filter((entry) => entry !== topic),
                    })
                  }
                />{' '}
                {topic}
              </label>
            ))}
          </fieldset>
        </div>
        <section aria-labelledby="answer-widgets-heading">
          <h2 id="answer-widgets-heading">Content</h2>
          {draft.components.length === 0 ? (
            <p className="muted">Add a text widget for the explanation and a code widget for the example.</p>
          ) : null}
          <div className="answer-editor-widgets">
            {draft.components.map((widget, index) => (
              <WidgetEditorCard
                key={widget.comp_id}
                widget={widget}
                index={index}
                count={draft.components.length}
                isSelected={index === selected}
                onSelect={() => setSelected(index)}
                onChange={(next) =>
                  setWidgets(draft.components.map((entry, at) => (at === index ? next : entry)))
                }
                onMove={(direction) => setWidgets(moveListItem(draft.components, index, direction))}
                onCopy={() => {
                  const next = [...draft.components];
                  next.splice(index + 1, 0, copyWidget(widget));
                  setWidgets(next);
                }}
                onDelete={() => setWidgets(draft.components.filter((_, at) => at !== index))}
              />
            ))}
          </div>
          <WidgetToolbox onAdd={add} widgetTypes={widgetTypesOf(draft.components)} />
        </section>
        <div className="answer-editor-bar">
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={save.isPending || publish.isPending}
            onClick={doPublish}
          >
            {props?.isShotApprovedForPublish ? 'Publish' : 'Submit for review'}
          </Button>
          <p role="status" aria-live="polite" className="muted">
            {message}
          </p>
        </div>
      </form>
    </main>
  );
}

export function AnswerEditorPage() {
  const { id } = useParams();
  const shotId = Number(id);
  if (id !== undefined && !(Number.isSafeInteger(shotId) && shotId > 0)) return <ErrorPage code={404} />;
  return <RequireUser>{id === undefined ? <CreateAnswer /> : <EditAnswer shotId={shotId} />}</RequireUser>;
}
