import '../modules/studio/studio.css';
import '../modules/assessments/assessments.css';
import type { AssessmentPages, EditorQuestion } from '@coderoom/contracts';
import { excerpt } from '@coderoom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, NavLink, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  type AssessmentAddress,
  assessmentPagesQuery,
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
  toQuestionDraft,
  toSaveRequest,
} from '../modules/assessments/editor/questionDraft';
import { QuestionnaireResponsesView } from '../modules/assessments/questionnaire/QuestionnaireResponsesView';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ItemEditorPanel } from '../modules/studio/components/ItemEditorPanel';
import { ItemEditorShell } from '../modules/studio/components/ItemEditorShell';
import { useItemEditor } from '../modules/studio/hooks/useItemEditor';
import { editorLoadErrorCode } from '../modules/studio/utils/editorLoadErrorCode';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

/** A question's text as a list entry: Markdown marks dropped, cut at a word within 70 characters. */
function questionTitle(text: string): string {
  return excerpt(text.replace(/[`*_#>[\]]/g, ''), 70) || 'Untitled question';
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
  const queryClient = useQueryClient();
  const save = useSaveQuestion(address);
  const remove = useDeleteQuestion(address);
  const reorder = useReorderQuestions(address);
  const questionId = question?.question_id ?? 'new';
  const editor = useItemEditor({
    noun: 'question',
    initialDraft: () =>
      question ? toQuestionDraft(question, pages.language) : newQuestionDraft(pages.skills, pages.language),
    toRequest: toSaveRequest,
    canEdit: pages.can_edit,
    etag: pages.etag,
    isNew: question === null,
    announceSaved: question !== null && question.question_id === justCreated,
    save: (draft, etag) => save.mutateAsync({ questionId, etag, body: toSaveRequest(draft) }),
    isSaving: save.isPending,
    // The Conflicts dialog's Save: this question over whatever is stored now.
    overwriteEtag: async () => {
      const current = await queryClient
        .fetchQuery({ ...assessmentPagesQuery(address), staleTime: 0 })
        .catch(() => pages);
      return current.etag;
    },
    onSaved: (saved) => {
      if (questionId !== 'new') return;
      onCreated(saved.question.question_id);
      navigate(`${basePath}/${saved.question.question_id}`, { replace: true });
    },
    backPath: `/collectioneditor/${address.authorId}/${address.collectionId}`,
    list: {
      ids: pages.questions.map((item) => item.question_id),
      itemId: question?.question_id ?? null,
      reorder: (questionIds) => reorder.mutateAsync({ questionIds, etag: pages.etag }),
      isReordering: reorder.isPending,
      remove: (id) => remove.mutateAsync({ questionId: id, etag: pages.etag }),
      isRemoving: remove.isPending,
      listPath: basePath,
    },
  });
  return (
    <ItemEditorPanel
      editor={editor}
      classPrefix="assessment-editor"
      headingId="question-heading"
      deleteMessage="Learners will no longer be asked it. Finished attempts keep their results."
      notice={
        !pages.can_edit && (
          <FormMessage tone="info">You can read this assessment but not change it.</FormMessage>
        )
      }
    >
      <QuestionForm
        draft={editor.draft}
        onChange={editor.setDraft}
        skills={pages.skills}
        graded={pages.work_type !== 'questionnaire'}
        readOnly={!pages.can_edit}
        errors={editor.errors}
      />
    </ItemEditorPanel>
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
  if (query.isError) return <ErrorPage code={editorLoadErrorCode(query.error)} />;
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
    <ItemEditorShell
      classPrefix="assessment-editor"
      back={{
        to: `/collectioneditor/${address.authorId}/${address.collectionId}`,
        label: '← Assessment details',
      }}
      title={pages.title}
      summary={
        <>
          {isQuestionnaire ? 'Questionnaire (not graded) · ' : ''}
          {pages.questions.length} {pages.questions.length === 1 ? 'question' : 'questions'}
          {pages.skills.length > 0 && ` · Skills: ${pages.skills.join(', ')}`} ·{' '}
          <Link to={pages.learner_url}>Learner's page</Link>
        </>
      }
      listLabel="Questions"
      entries={pages.questions.map((item) => ({
        id: item.question_id,
        to: `${basePath}/${item.question_id}${suffix}`,
        title: questionTitle(item.content.text),
        meta: `${KIND_LABELS[item.content.kind]} · ${DIFFICULTY_LABELS[item.content.difficulty]} · ${item.content.skill}`,
      }))}
      selectedId={question?.question_id ?? null}
      entryTitleClassName="assessment-editor-excerpt"
      emptyText="No questions yet."
      add={pages.can_edit ? { to: `${basePath}/new${suffix}`, label: 'Add question' } : null}
      listEnd={
        isQuestionnaire && (
          <NavLink className="btn btn-ghost" to={`${basePath}/responses${suffix}`}>
            Responses
          </NavLink>
        )
      }
    >
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
    </ItemEditorShell>
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
