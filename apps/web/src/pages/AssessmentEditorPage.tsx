import '../modules/studio/studio.css';
import '../modules/assessments/assessments.css';
import type { AssessmentPages, EditorQuestion } from '@coderoom/contracts';
import { ErrorStatus } from '@coderoom/domain';
import { useState } from 'react';
import { Link, NavLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import {
  type AssessmentAddress,
  useAssessmentPages,
  useDeleteQuestion,
  useReorderQuestions,
  useSaveQuestion,
} from '../modules/assessments/editor/api';
import { QuestionForm } from '../modules/assessments/editor/QuestionForm';
import {
  DIFFICULTY_LABELS,
  KIND_LABELS,
  newQuestionDraft,
  type QuestionDraft,
  toQuestionDraft,
  toSaveRequest,
} from '../modules/assessments/editor/questionDraft';
import { QuestionnaireResponsesView } from '../modules/assessments/questionnaire/QuestionnaireResponsesView';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ConfirmDialog } from '../modules/studio/components/ConfirmDialog';
import { ConflictDialog } from '../modules/studio/components/ConflictDialog';
import { ShortcutsDialog } from '../modules/studio/components/ShortcutsDialog';
import { UnsavedChangesDialog } from '../modules/studio/components/UnsavedChangesDialog';
import { useEditorShortcuts } from '../modules/studio/hooks/useEditorShortcuts';
import { useUnsavedChangesGuard } from '../modules/studio/hooks/useUnsavedChangesGuard';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

const SHORTCUTS = ['save', 'back', 'moveUp', 'moveDown', 'delete', 'help'] as const;

type Message = { tone: 'success' | 'error' | 'info'; text: string } | null;

const sameDraft = (a: QuestionDraft, b: QuestionDraft) =>
  JSON.stringify(toSaveRequest(a)) === JSON.stringify(toSaveRequest(b));

function excerpt(text: string): string {
  const plain = text.replace(/[`*_#>[\]]/g, '').trim();
  return plain.length > 70 ? `${plain.slice(0, 69)}…` : plain || 'Untitled question';
}

/** The editor of one question (or a new one); remounted whenever the selection changes. */
function QuestionEditor({
  address,
  pages,
  question,
  basePath,
  justCreated,
  onCreated,
}: {
  address: AssessmentAddress;
  pages: AssessmentPages;
  question: EditorQuestion | null;
  basePath: string;
  /** The question this page just created: its editor is remounted and still says it was saved. */
  justCreated: number | null;
  onCreated: (questionId: number) => void;
}) {
  const navigate = useNavigate();
  const initial = question
    ? toQuestionDraft(question, pages.language)
    : newQuestionDraft(pages.skills, pages.language);
  const [baseline, setBaseline] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message>(
    question && question.question_id === justCreated ? { tone: 'success', text: 'Question saved.' } : null,
  );
  const [conflict, setConflict] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const save = useSaveQuestion(address);
  const remove = useDeleteQuestion(address);
  const reorder = useReorderQuestions(address);
  const graded = pages.work_type !== 'questionnaire';
  const dirty = !sameDraft(draft, baseline);
  const blocker = useUnsavedChangesGuard(dirty && !save.isPending);
  const questionId = question?.question_id ?? 'new';
  const index = question
    ? pages.questions.findIndex((item) => item.question_id === question.question_id)
    : -1;

  const submit = async (etag: string | null) => {
    setMessage(null);
    try {
      const saved = await save.mutateAsync({ questionId, etag, body: toSaveRequest(draft) });
      setErrors({});
      setConflict(false);
      setBaseline(draft);
      setMessage({ tone: 'success', text: 'Question saved.' });
      if (questionId === 'new') {
        onCreated(saved.question.question_id);
        navigate(`${basePath}/${saved.question.question_id}`, { replace: true });
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === ErrorStatus.AlreadyExists) {
        setConflict(true);
        return;
      }
      setConflict(false);
      setErrors(error instanceof ApiError ? error.errors : {});
      setMessage({
        tone: 'error',
        text: error instanceof Error ? error.message : 'The question was not saved.',
      });
    }
  };

  const move = async (offset: -1 | 1) => {
    if (!question || dirty) {
      if (dirty) setMessage({ tone: 'info', text: 'Save the question before moving it.' });
      return;
    }
    const ids = pages.questions.map((item) => item.question_id);
    const target = index + offset;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target] ?? 0, ids[index] ?? 0];
    try {
      await reorder.mutateAsync({ questionIds: ids, etag: pages.etag });
      setMessage({ tone: 'success', text: `Moved to position ${target + 1}.` });
    } catch (error) {
      setMessage({
        tone: 'error',
        text: error instanceof Error ? error.message : 'The order was not saved.',
      });
    }
  };

  const deleteQuestion = async () => {
    if (!question) return;
    try {
      await remove.mutateAsync({ questionId: question.question_id, etag: pages.etag });
      setBaseline(draft);
      navigate(basePath, { replace: true });
    } catch (error) {
      setConfirmDelete(false);
      setMessage({
        tone: 'error',
        text: error instanceof Error ? error.message : 'The question was not deleted.',
      });
    }
  };

  useEditorShortcuts(
    {
      save: () => {
        if (pages.can_edit && !save.isPending) void submit(pages.etag);
      },
      back: () => navigate(`/collectioneditor/${address.authorId}/${address.collectionId}`),
      moveUp: () => void move(-1),
      moveDown: () => void move(1),
      delete: () => {
        if (question && pages.can_edit) setConfirmDelete(true);
      },
      help: () => setShowShortcuts(true),
    },
    !conflict && !confirmDelete,
  );

  return (
    <section className="assessment-editor-main" aria-labelledby="question-heading">
      <header className="assessment-editor-main-header">
        <h2 id="question-heading">{question ? `Question ${index + 1}` : 'New question'}</h2>
        {dirty && <span className="badge">Unsaved changes</span>}
        <div className="assessment-editor-actions">
          {question && pages.can_edit && (
            <>
              <Button
                variant="ghost"
                onClick={() => void move(-1)}
                disabled={index <= 0 || reorder.isPending}
              >
                Move up
              </Button>
              <Button
                variant="ghost"
                onClick={() => void move(1)}
                disabled={index >= pages.questions.length - 1 || reorder.isPending}
              >
                Move down
              </Button>
              <Button variant="danger" onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
            </>
          )}
          {pages.can_edit && (
            <Button
              onClick={() => void submit(pages.etag)}
              busy={save.isPending}
              disabled={!dirty && !!question}
            >
              Save question
            </Button>
          )}
        </div>
      </header>
      {!pages.can_edit && (
        <FormMessage tone="info">You can read this assessment but not change it.</FormMessage>
      )}
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <QuestionForm
        draft={draft}
        onChange={setDraft}
        skills={pages.skills}
        graded={graded}
        readOnly={!pages.can_edit}
        errors={errors}
      />
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this question?"
        message="Learners will no longer be asked it. Finished attempts keep their results."
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => void deleteQuestion()}
        onCancel={() => setConfirmDelete(false)}
      />
      <ConflictDialog
        open={conflict}
        busy={save.isPending}
        onSave={() => void submit(null)}
        onCancel={() => setConflict(false)}
      />
      <ShortcutsDialog open={showShortcuts} onOpenChange={setShowShortcuts} available={SHORTCUTS} />
      <UnsavedChangesDialog blocker={blocker} />
    </section>
  );
}

function AssessmentEditor({
  address,
  questionParam,
}: {
  address: AssessmentAddress;
  questionParam: string | null;
}) {
  const query = useAssessmentPages(address);
  const [justCreated, setJustCreated] = useState<number | null>(null);
  const [search] = useSearchParams();
  const suffix = search.toString() ? `?${search}` : '';
  const basePath = `/assessmenteditor/${address.authorId}/${address.collectionId}/${address.collectionId}`;
  usePageTitle(query.data ? `Edit ${query.data.title}` : 'Assessment editor');

  if (query.isPending) return <PageLoading label="Loading the assessment" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status === 403 || status === 404 ? status : 500} />;
  }
  const pages = query.data;
  const isQuestionnaire = pages.work_type === 'questionnaire';
  const showResponses = questionParam === 'responses';
  if (showResponses && !isQuestionnaire) return <ErrorPage code={404} />;
  const selectedId =
    questionParam === null
      ? (pages.questions[0]?.question_id ?? null)
      : showResponses
        ? null
        : Number(questionParam);
  const question = pages.questions.find((item) => item.question_id === selectedId) ?? null;
  const creating = questionParam === 'new' || (questionParam === null && pages.questions.length === 0);
  if (questionParam !== null && !creating && !showResponses && !question) return <ErrorPage code={404} />;

  return (
    <main id="main" className="page page-wide assessment-editor">
      <header className="page-header">
        <p className="small">
          <Link to={`/collectioneditor/${address.authorId}/${address.collectionId}`}>
            ← Assessment details
          </Link>
        </p>
        <h1>{pages.title}</h1>
        <p className="muted">
          {isQuestionnaire ? 'Questionnaire (not graded) · ' : ''}
          {pages.questions.length} {pages.questions.length === 1 ? 'question' : 'questions'}
          {pages.skills.length > 0 && ` · Skills: ${pages.skills.join(', ')}`} ·{' '}
          <Link to={pages.learner_url}>Learner's page</Link>
        </p>
      </header>
      <div className="assessment-editor-layout">
        <nav className="assessment-editor-list" aria-label="Questions">
          <ol>
            {pages.questions.map((item, index) => (
              <li key={item.question_id}>
                <NavLink
                  to={`${basePath}/${item.question_id}${suffix}`}
                  className={item.question_id === question?.question_id ? 'active' : undefined}
                  aria-current={item.question_id === question?.question_id ? 'page' : undefined}
                >
                  <span className="assessment-editor-number">{index + 1}</span>
                  <span className="assessment-editor-excerpt">{excerpt(item.content.text)}</span>
                  <span className="assessment-editor-meta small">
                    {KIND_LABELS[item.content.kind]} · {DIFFICULTY_LABELS[item.content.difficulty]} ·{' '}
                    {item.content.skill}
                  </span>
                </NavLink>
              </li>
            ))}
          </ol>
          {pages.questions.length === 0 && <p className="muted small">No questions yet.</p>}
          {pages.can_edit && (
            <Link className="btn btn-secondary" to={`${basePath}/new${suffix}`}>
              Add question
            </Link>
          )}
          {isQuestionnaire && (
            <NavLink className="btn btn-ghost" to={`${basePath}/responses${suffix}`}>
              Responses
            </NavLink>
          )}
        </nav>
        {showResponses ? (
          <QuestionnaireResponsesView authorId={address.authorId} collectionId={address.collectionId} />
        ) : (
          <QuestionEditor
            key={creating ? 'new' : question?.question_id}
            address={address}
            pages={pages}
            question={creating ? null : question}
            basePath={basePath}
            justCreated={justCreated}
            onCreated={setJustCreated}
          />
        )}
      </div>
    </main>
  );
}

export function AssessmentEditorPage() {
  const params = useParams();
  const authorId = Number(params.authorId);
  const collectionId = Number(params.collectionId);
  const assessmentId = Number(params.assessmentId);
  const questionParam = params.questionId ?? null;
  const validQuestion =
    questionParam === null ||
    questionParam === 'new' ||
    questionParam === 'responses' ||
    /^\d+$/.test(questionParam);
  if (
    ![authorId, collectionId, assessmentId].every((id) => Number.isSafeInteger(id) && id > 0) ||
    assessmentId !== collectionId ||
    !validQuestion
  ) {
    return <ErrorPage code={404} />;
  }
  return (
    <RequireUser>
      <AssessmentEditor
        key={`${authorId}/${collectionId}`}
        address={{ authorId, collectionId }}
        questionParam={questionParam}
      />
    </RequireUser>
  );
}
