import type {
  Questionnaire,
  QuestionnaireAnswer,
  QuestionnaireQuestion,
  QuestionnaireResponses,
  SubmitQuestionnaireResponse,
} from '@coderoom/contracts';
import { WorkType } from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { forbidden, invalidInput, notFound } from '../../platform/http/errors.js';
import { authoringAccess, canViewDraft } from '../authoring/authoring.policy.js';
import type { CollectionView, ContentService } from '../content/content.service.js';
import { AssessmentErrors, QuestionnaireErrors } from './assessments.errors.js';
import * as repo from './assessments.repository.js';
import * as responsesRepo from './questionnaires.repository.js';

// Questionnaires (docs/assessments.md "Questionnaires"): the questions of a `questionnaire` collection
// are asked all at once, nothing is graded, and each learner's latest answers are kept for the author.

const RESPONSES_SHOWN = 200;

export interface QuestionnairesDeps {
  db: Db;
  clock: Clock;
  content: ContentService;
}

function questionnaireOf(view: CollectionView): CollectionView {
  if (view.collection.workType !== WorkType.Questionnaire) throw notFound(AssessmentErrors.NotFound);
  return view;
}

/** Choice questions only: a questionnaire has no code to judge. */
function choiceQuestions(rows: repo.QuestionRow[]): repo.QuestionRow[] {
  return rows.filter((row) => row.kind !== 'code');
}

function presentQuestion(row: repo.QuestionRow): QuestionnaireQuestion {
  return {
    question_id: row.id,
    kind: row.kind === 'multiple_answer' ? 'multiple_answer' : 'multiple_choice',
    text: row.content.text,
    options: row.content.options,
  };
}

/** Every question answered once, with options of that question (one for multiple choice). */
export function checkAnswers(
  questions: repo.QuestionRow[],
  answers: QuestionnaireAnswer[],
): QuestionnaireAnswer[] {
  const byId = new Map(answers.map((answer) => [answer.question_id, answer]));
  if (byId.size !== answers.length) throw invalidInput({ answers: QuestionnaireErrors.DuplicateAnswer });
  const errors: Record<string, string> = {};
  const ordered: QuestionnaireAnswer[] = [];
  for (const question of questions) {
    const answer = byId.get(question.id);
    byId.delete(question.id);
    const key = `answers.${question.id}`;
    if (!answer) {
      errors[key] = QuestionnaireErrors.AnswerEveryQuestion;
      continue;
    }
    const optionIds = [...new Set(answer.option_ids)];
    const known = new Set(question.content.options.map((option) => option.id));
    if (optionIds.some((optionId) => !known.has(optionId))) errors[key] = QuestionnaireErrors.UnknownOption;
    else if (question.kind === 'multiple_choice' && optionIds.length !== 1)
      errors[key] = QuestionnaireErrors.OneOption;
    else ordered.push({ question_id: question.id, option_ids: optionIds });
  }
  if (byId.size > 0) errors.answers = QuestionnaireErrors.UnknownQuestion;
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  return ordered;
}

export function createQuestionnairesService({ db, clock, content }: QuestionnairesDeps) {
  async function questionnaireFor(view: CollectionView, userId: number | null): Promise<Questionnaire> {
    const questions = choiceQuestions(await repo.findQuestionsOf(db, view.collection.id));
    const mine =
      userId === null ? undefined : await responsesRepo.findResponse(db, view.collection.id, userId);
    return {
      author_id: view.collection.authorId,
      collection_id: view.collection.id,
      encoded_id: view.collection.encodedId,
      url: `/questionnaires/${view.collection.slug || 'questionnaire'}/${view.collection.encodedId}`,
      title: view.card.title,
      summary: view.card.summary,
      overview: view.overview,
      questions: questions.map(presentQuestion),
      my_response: mine ? { answers: mine.answers, submitted_at: mine.submittedAt.toISOString() } : null,
    };
  }

  return {
    async byCode(userId: number | null, encodedId: string): Promise<Questionnaire> {
      return questionnaireFor(questionnaireOf(await content.viewByCode(userId, encodedId)), userId);
    },

    async byId(userId: number | null, authorId: number, collectionId: number): Promise<Questionnaire> {
      const view = questionnaireOf(await content.viewById(userId, authorId, collectionId, false));
      return questionnaireFor(view, userId);
    },

    /** Keeps the learner's answers, replacing earlier ones. */
    async submit(
      userId: number,
      authorId: number,
      collectionId: number,
      answers: QuestionnaireAnswer[],
    ): Promise<SubmitQuestionnaireResponse> {
      const view = questionnaireOf(await content.viewById(userId, authorId, collectionId, false));
      const questions = choiceQuestions(await repo.findQuestionsOf(db, view.collection.id));
      if (questions.length === 0) throw invalidInput({ answers: AssessmentErrors.NoQuestions });
      const ordered = checkAnswers(questions, answers);
      const now = clock.now();
      await responsesRepo.upsertResponse(db, {
        collectionId: view.collection.id,
        userId,
        answers: ordered,
        submittedAt: now,
      });
      return { submitted_at: now.toISOString() };
    },

    /** The author's view: counts per option and the latest responses, for the draft's editors and readers. */
    async responses(userId: number, authorId: number, collectionId: number): Promise<QuestionnaireResponses> {
      const { viewer, collection } = await content.findForAuthoring(userId, authorId, collectionId);
      if (collection.workType !== WorkType.Questionnaire) throw notFound(AssessmentErrors.NotFound);
      if (!canViewDraft(viewer, collection)) {
        if (authoringAccess(viewer, collection) === 'read') throw forbidden(QuestionnaireErrors.AuthorsOnly);
        throw notFound(AssessmentErrors.NotFound);
      }
      const questions = choiceQuestions(await repo.findQuestionsOf(db, collection.id));
      const total = await responsesRepo.countResponses(db, collection.id);
      const rows = await responsesRepo.findLatestResponses(db, collection.id, RESPONSES_SHOWN);
      const counts = await responsesRepo.countOptionChoices(db, collection.id);
      return {
        response_count: total,
        questions: questions.map((question) => ({
          question_id: question.id,
          text: question.content.text,
          kind: question.kind === 'multiple_answer' ? 'multiple_answer' : 'multiple_choice',
          options: question.content.options.map((option) => ({
            ...option,
            count: counts.get(`${question.id}:${option.id}`) ?? 0,
          })),
        })),
        responses: rows.map((row) => ({
          user_id: row.userId,
          full_name: row.fullName,
          submitted_at: row.submittedAt.toISOString(),
          answers: row.answers,
        })),
      };
    },
  };
}

export type QuestionnairesService = ReturnType<typeof createQuestionnairesService>;
