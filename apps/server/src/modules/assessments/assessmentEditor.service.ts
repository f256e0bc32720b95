import {
  type AssessmentPages,
  type EditorProtectedContent,
  EditorProtectedContentSchema,
  type EditorQuestion,
  type EditorQuestionContent,
  EditorQuestionContentSchema,
  type SaveQuestionRequest,
  type SaveQuestionResponse,
} from '@coderoom/contracts';
import { WorkType } from '@coderoom/domain';
import type { z } from 'zod';
import type { CollectionRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { forbidden, invalidInput, notFound } from '../../platform/http/errors.js';
import { editConflict, isCurrentEtag, newEtag } from '../../platform/http/etag.js';
import { authoringAccess, canViewDraft } from '../authoring/authoring.policy.js';
import type { ContentService } from '../content/content.service.js';
import { AssessmentEditorErrors, AssessmentErrors } from './assessments.errors.js';
import * as repo from './assessments.repository.js';

// The assessment editor (docs/assessments.md "Editing"). Questions belong to the collection's draft
// side: editors change them, viewer collaborators and reviewers read them, nobody else learns they exist.
// Every write locks the collection row, checks the eTag the editor saw, and answers the new one.

export interface AssessmentEditorDeps {
  db: Db;
  clock: Clock;
  content: ContentService;
}

export interface EditorAddress {
  userId: number;
  authorId: number;
  collectionId: number;
}

const EDITABLE_WORK_TYPES: ReadonlySet<string> = new Set([WorkType.SkillAssessment, WorkType.Questionnaire]);

function parseJson(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidInput({ [field]: AssessmentEditorErrors.NotJson });
  }
}

/** A zod failure as the spec's `errors` map, keyed by the part and the path inside it. */
function parsePart<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = [field, ...issue.path.map(String)].join('.');
    errors[key] ??= issue.message;
  }
  throw invalidInput(errors);
}

/**
 * Cross-field rules, and what does not belong to the kind dropped: choice questions keep no code, code
 * questions keep no options. A questionnaire is not graded, so its questions need no correct answer.
 */
export function normaliseQuestion(
  content: EditorQuestionContent,
  secret: EditorProtectedContent,
  skills: readonly string[],
  graded: boolean,
): { content: EditorQuestionContent; secret: EditorProtectedContent } {
  const errors: Record<string, string> = {};
  if (skills.length > 0 && !skills.includes(content.skill)) {
    errors['content.skill'] = AssessmentEditorErrors.UnknownSkill;
  }
  if (content.kind === 'code') {
    if (!graded) errors['content.kind'] = AssessmentEditorErrors.NoCodeInQuestionnaire;
    if (!content.language) errors['content.language'] = AssessmentEditorErrors.LanguageRequired;
    if (secret.test_cases.length === 0)
      errors['protected_content.test_cases'] = AssessmentEditorErrors.TestsRequired;
    if (!secret.solution?.trim())
      errors['protected_content.solution'] = AssessmentEditorErrors.SolutionRequired;
    if (Object.keys(errors).length > 0) throw invalidInput(errors);
    return {
      content: { ...content, options: [] },
      secret: { ...secret, correct_option_ids: [] },
    };
  }
  const ids = content.options.map((option) => option.id);
  if (content.options.length < 2) errors['content.options'] = AssessmentEditorErrors.TwoOptions;
  else if (new Set(ids).size !== ids.length)
    errors['content.options'] = AssessmentEditorErrors.DuplicateOption;
  const correct = [...new Set(secret.correct_option_ids)];
  if (correct.some((id) => !ids.includes(id))) {
    errors['protected_content.correct_option_ids'] = AssessmentEditorErrors.UnknownCorrectOption;
  } else if (graded && content.kind === 'multiple_choice' && correct.length !== 1) {
    errors['protected_content.correct_option_ids'] = AssessmentEditorErrors.ExactlyOneCorrect;
  } else if (graded && content.kind === 'multiple_answer' && correct.length === 0) {
    errors['protected_content.correct_option_ids'] = AssessmentEditorErrors.OneOrMoreCorrect;
  }
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  return {
    content: { ...content, language: null, starter_code: null },
    secret: { ...secret, correct_option_ids: correct, test_cases: [], solution: null },
  };
}

function presentQuestion(row: repo.QuestionRow): EditorQuestion {
  return {
    question_id: row.id,
    position: row.position,
    content: {
      kind: row.kind,
      difficulty: row.difficulty as EditorQuestionContent['difficulty'],
      skill: row.skill,
      text: row.content.text,
      options: row.content.options,
      language: row.content.language,
      starter_code: row.content.starter_code,
    },
    protected_content: {
      correct_option_ids: row.protectedContent.correct_option_ids,
      explanation: row.protectedContent.explanation,
      test_cases: row.protectedContent.test_cases,
      solution: row.protectedContent.solution,
    },
    updated_at: row.updatedAt.toISOString(),
  };
}

export function createAssessmentEditorService({ db, clock, content }: AssessmentEditorDeps) {
  /** The assessment collection, if the caller may read (`view`) or change (`edit`) its questions. */
  async function assessmentFor(address: EditorAddress, need: 'view' | 'edit') {
    const { viewer, collection } = await content.findForAuthoring(
      address.userId,
      address.authorId,
      address.collectionId,
    );
    if (!EDITABLE_WORK_TYPES.has(collection.workType)) throw notFound(AssessmentErrors.NotFound);
    const access = authoringAccess(viewer, collection);
    const allowed = need === 'view' ? canViewDraft(viewer, collection) : access === 'edit';
    if (!allowed) {
      if (access === 'read') throw forbidden(AssessmentEditorErrors.NotAnEditor);
      throw notFound(AssessmentErrors.NotFound);
    }
    return { collection, canEdit: access === 'edit' };
  }

  function skillsOf(collection: CollectionRow): string[] {
    return collection.details.skills ?? [];
  }

  /**
   * Runs `change` with the collection locked, if the caller's eTag is the question list's current one
   * (else the Conflicts 409), and gives the list a new eTag. The list (its order and every question) is
   * one versioned record, apart from the collection's details, which keep the collection's eTag.
   */
  async function withLockedSet<T>(
    collection: CollectionRow,
    etag: string,
    change: (tx: DbExecutor, live: repo.QuestionRow[]) => Promise<T>,
  ): Promise<{ result: T; etag: string }> {
    return db.transaction(async (tx) => {
      await content.lockDraft(tx, collection.id);
      const current = await repo.ensureQuestionSetEtag(tx, collection.id, newEtag());
      if (!isCurrentEtag(current, etag)) throw editConflict();
      const result = await change(tx, await repo.findQuestionsOf(tx, collection.id));
      const next = newEtag();
      await repo.setQuestionSetEtag(tx, collection.id, next);
      return { result, etag: next };
    });
  }

  return {
    async pages(address: EditorAddress): Promise<AssessmentPages> {
      const { collection, canEdit } = await assessmentFor(address, 'view');
      // The eTag before the questions: a write landing in between makes the eTag stale, never the list.
      const etag = await repo.ensureQuestionSetEtag(db, collection.id, newEtag());
      const questions = await repo.findQuestionsOf(db, collection.id);
      const firstCode = questions.find((question) => question.kind === 'code');
      return {
        author_id: collection.authorId,
        collection_id: collection.id,
        title: collection.title,
        work_type:
          collection.workType === WorkType.Questionnaire ? WorkType.Questionnaire : WorkType.SkillAssessment,
        skills: skillsOf(collection),
        language: firstCode?.content.language ?? null,
        can_edit: canEdit,
        learner_url: `/${collection.workType === WorkType.Questionnaire ? 'questionnaires' : 'assessments'}/${collection.slug || 'assessment'}/${collection.encodedId}`,
        etag,
        questions: questions.map(presentQuestion),
      };
    },

    /** Adds (`questionId` 'new') or replaces a question, if nothing changed since the editor's eTag. */
    async saveQuestion(
      address: EditorAddress,
      questionId: number | 'new',
      etag: string,
      body: SaveQuestionRequest,
    ): Promise<SaveQuestionResponse> {
      const { collection } = await assessmentFor(address, 'edit');
      const parsed = normaliseQuestion(
        parsePart(EditorQuestionContentSchema, parseJson(body.content, 'content'), 'content'),
        parsePart(
          EditorProtectedContentSchema,
          parseJson(body.protected_content, 'protected_content'),
          'protected_content',
        ),
        skillsOf(collection),
        collection.workType === WorkType.SkillAssessment,
      );
      const values = {
        kind: parsed.content.kind,
        difficulty: parsed.content.difficulty,
        skill: parsed.content.skill,
        content: {
          text: parsed.content.text,
          options: parsed.content.options,
          language: parsed.content.language,
          starter_code: parsed.content.starter_code,
        },
        protectedContent: parsed.secret,
        updatedAt: clock.now(),
      };
      const saved = await withLockedSet(collection, etag, async (tx, live) => {
        if (questionId === 'new') {
          if (live.length >= repo.MAX_QUESTIONS)
            throw invalidInput({ question: AssessmentEditorErrors.TooMany });
          const position = live.reduce((max, question) => Math.max(max, question.position), -1) + 1;
          return repo.insertQuestion(tx, { ...values, collectionId: collection.id, position });
        }
        const row = await repo.updateLiveQuestion(tx, collection.id, questionId, values);
        if (!row) throw notFound(AssessmentEditorErrors.QuestionNotFound);
        return row;
      });
      return { etag: saved.etag, question: presentQuestion(saved.result) };
    },

    /** Retires a question: new attempts no longer ask it, finished attempts keep their history. */
    async deleteQuestion(
      address: EditorAddress,
      questionId: number,
      etag: string,
    ): Promise<{ etag: string }> {
      const { collection } = await assessmentFor(address, 'edit');
      const saved = await withLockedSet(collection, etag, async (tx) => {
        const retired = await repo.retireQuestion(tx, collection.id, questionId, clock.now());
        if (!retired) throw notFound(AssessmentEditorErrors.QuestionNotFound);
      });
      return { etag: saved.etag };
    },

    /** The questions in a new order; the list must name every live question exactly once. */
    async reorder(address: EditorAddress, etag: string, questionIds: number[]): Promise<{ etag: string }> {
      const { collection } = await assessmentFor(address, 'edit');
      const saved = await withLockedSet(collection, etag, async (tx, live) => {
        const liveIds = new Set(live.map((question) => question.id));
        const named = new Set(questionIds);
        if (
          named.size !== questionIds.length ||
          named.size !== liveIds.size ||
          questionIds.some((id) => !liveIds.has(id))
        ) {
          throw invalidInput({ question_ids: AssessmentEditorErrors.OrderMismatch });
        }
        await repo.setPositions(tx, collection.id, questionIds, clock.now());
      });
      return { etag: saved.etag };
    },
  };
}

export type AssessmentEditorService = ReturnType<typeof createAssessmentEditorService>;
