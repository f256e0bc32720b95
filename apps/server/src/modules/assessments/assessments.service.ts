import { randomBytes } from 'node:crypto';
import type {
  AnswerRequest,
  AnswerResponse,
  AssessmentOverview,
  AssessmentShare,
  AssessmentStats,
  AttemptReview,
  JudgeResponse,
  QuestionResponse,
  SharedAssessmentResult,
  StartAttemptResponse,
} from '@coderoom/contracts';
import { AttemptState, CourseReviewState, ErrorStatus, SkillScore, WorkType } from '@coderoom/domain';
import { type Runner, RunnerError } from '@coderoom/runner';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, invalidInput, notFound } from '../../platform/http/errors.js';
import type { UsersService } from '../accounts/users.service.js';
import type { CollectionView, ContentService } from '../content/content.service.js';
import {
  estimateText,
  FIRST_DIFFICULTY,
  gradeOf,
  isChoiceCorrect,
  nextDifficulty,
  pickQuestion,
  QUESTIONS_PER_ATTEMPT,
  scoreOf,
  skillBreakdown,
  skillLevelFor,
} from './adaptive.js';
import { AssessmentErrors } from './assessments.errors.js';
import {
  canAnswer,
  canReview,
  canSeeAttempt,
  canSeeResults,
  canShare,
  retakeAvailableAt,
} from './assessments.policy.js';
import {
  levelLabel,
  presentProgress,
  presentQuestion,
  presentResultSummary,
  presentReviewedQuestion,
  presentShare,
  presentSkillStat,
} from './assessments.presenter.js';
import * as repo from './assessments.repository.js';

// Skill assessments: the overview, adaptive attempts graded on the server, and results with a
// per-skill breakdown (docs/assessments.md).

export interface AssessmentsDeps {
  db: Db;
  clock: Clock;
  content: Pick<ContentService, 'viewById' | 'viewByCode' | 'search'>;
  /** Judges code answers in the sandbox; without it code questions are left out of attempts. */
  runner?: Pick<Runner, 'judge'>;
  /** The learner's name on a shared result. */
  users: Pick<UsersService, 'findById'>;
  /** How long after a completed attempt the next may start (default 24 hours; 0 turns it off). */
  retakeCoolDownMs?: number;
  random?: () => number;
}

export const DEFAULT_RETAKE_COOL_DOWN_MS = 24 * 60 * 60_000;

/** "26 Nov 2026, 14:05 UTC": the server cannot know the learner's zone; the web app shows local time. */
function formatUtc(at: Date): string {
  const date = at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${date}, ${time} UTC`;
}

export interface AttemptAddress {
  userId: number;
  authorId: number;
  collectionId: number;
  attemptId: number;
}

const LISTED = [CourseReviewState.Approved, CourseReviewState.ApprovedForEarlyAccess];
const RECOMMENDED_COUNT = 3;

export function createAssessmentsService(deps: AssessmentsDeps) {
  const { db, clock, content, users } = deps;
  const random = deps.random ?? Math.random;
  const coolDownMs = deps.retakeCoolDownMs ?? DEFAULT_RETAKE_COOL_DOWN_MS;

  const retakeAt = (last: repo.AttemptRow | undefined) =>
    retakeAvailableAt(last?.completedAt, coolDownMs, clock.now())?.toISOString() ?? null;

  /** The assessment as the caller may read it (published, or the draft's editors); else a 404. */
  function assessmentOf(view: CollectionView): CollectionView {
    if (view.collection.workType !== WorkType.SkillAssessment) throw notFound(AssessmentErrors.NotFound);
    return view;
  }

  async function readAssessment(userId: number | null, authorId: number, collectionId: number) {
    return assessmentOf(await content.viewById(userId, authorId, collectionId, false));
  }

  /** Code questions are only asked where there is a sandbox to judge them. */
  async function poolOf(collectionId: number): Promise<repo.QuestionRow[]> {
    const questions = await repo.findQuestionsOf(db, collectionId);
    return deps.runner ? questions : questions.filter((question) => question.kind !== 'code');
  }

  async function overviewOf(userId: number | null, view: CollectionView): Promise<AssessmentOverview> {
    const pool = await poolOf(view.collection.id);
    const open = userId === null ? undefined : await repo.findOpenAttempt(db, userId, view.collection.id);
    const last =
      userId === null ? undefined : await repo.findLastCompletedAttempt(db, userId, view.collection.id);
    return {
      author_id: view.collection.authorId,
      collection_id: view.collection.id,
      encoded_id: view.collection.encodedId,
      title: view.card.title,
      summary: view.card.summary,
      overview: view.overview,
      language_topic: view.card.language_topic,
      skills: view.skills,
      question_count: Math.min(pool.length, QUESTIONS_PER_ATTEMPT),
      estimate_text: estimateText(pool.length),
      in_progress_attempt_id: open?.id ?? null,
      last_result: last ? presentResultSummary(last) : null,
      // An unfinished attempt can always be resumed; the cool-down holds back only a new one.
      retake_available_at: open ? null : retakeAt(last),
    };
  }

  /** The caller's own attempt on this assessment; anyone else's is answered like a missing one. */
  async function attemptOf(
    address: AttemptAddress,
  ): Promise<{ view: CollectionView; attempt: repo.AttemptRow }> {
    const view = await readAssessment(address.userId, address.authorId, address.collectionId);
    const attempt = await repo.findAttempt(db, address.attemptId);
    if (!attempt || attempt.collectionId !== view.collection.id || !canSeeAttempt(address.userId, attempt)) {
      throw notFound(AssessmentErrors.AttemptNotFound);
    }
    return { view, attempt };
  }

  async function grade(
    question: repo.QuestionRow,
    answer: AnswerRequest,
    signal: AbortSignal,
  ): Promise<{ isCorrect: boolean; testsPassed: number | null; testsTotal: number | null }> {
    const secret = question.protectedContent;
    if (question.kind === 'code') {
      if (!('source_code' in answer)) throw invalidInput({ source_code: AssessmentErrors.CodeRequired });
      if (!deps.runner || !question.content.language) {
        throw new AppError(ErrorStatus.ExternalServiceFailed, AssessmentErrors.CodeJudgingUnavailable);
      }
      let result: JudgeResponse;
      try {
        result = await deps.runner.judge(
          {
            language: question.content.language,
            source_code: answer.source_code,
            test_cases: secret.test_cases.map((testCase) => ({
              input: testCase.input,
              expected_output: testCase.output,
              hidden: true,
            })),
          },
          { signal },
        );
      } catch (error) {
        if (error instanceof RunnerError) throw new AppError(error.status, error.message);
        throw error;
      }
      return { isCorrect: result.all_passed, testsPassed: result.passed, testsTotal: result.total };
    }
    if (!('option_ids' in answer)) throw invalidInput({ option_ids: AssessmentErrors.ChoiceRequired });
    const known = new Set(question.content.options.map((option) => option.id));
    if (!answer.option_ids.every((id) => known.has(id))) {
      throw invalidInput({ option_ids: AssessmentErrors.UnknownOption });
    }
    if (question.kind === 'multiple_choice' && new Set(answer.option_ids).size !== 1) {
      throw invalidInput({ option_ids: AssessmentErrors.OneOptionOnly });
    }
    return {
      isCorrect: isChoiceCorrect(answer.option_ids, secret.correct_option_ids),
      testsPassed: null,
      testsTotal: null,
    };
  }

  function givenOf(
    answer: AnswerRequest,
    result: { testsPassed: number | null; testsTotal: number | null },
  ): repo.GivenAnswer {
    return 'option_ids' in answer
      ? { option_ids: [...new Set(answer.option_ids)] }
      : { source_code: answer.source_code, tests_passed: result.testsPassed, tests_total: result.testsTotal };
  }

  /** The caller's completed attempt, for reviewing and sharing. */
  async function completedAttemptOf(address: AttemptAddress, message: string) {
    const found = await attemptOf(address);
    if (!canReview(found.attempt)) throw new AppError(ErrorStatus.OperationNotAllowed, message);
    return found;
  }

  async function statsOf(view: CollectionView, attempt: repo.AttemptRow): Promise<AssessmentStats> {
    const rows = await repo.findSkillStats(db, attempt.id);
    if (rows.length === 0) throw notFound(AssessmentErrors.StatsNotGenerated);
    const answered = attempt.answers.filter((entry) => entry.is_correct !== null);
    const last = await repo.findLastCompletedAttempt(db, attempt.userId, view.collection.id);
    const share = await repo.findLiveShare(db, attempt.id);
    const { items } = await content.search({
      search: '',
      workTypes: [WorkType.Course],
      topic: view.card.language_topic,
      difficulty: null,
      onlyFree: false,
      onlyEarlyAccess: false,
      reviewStates: LISTED,
      tag: view.card.language_topic ? null : (view.card.tags[0] ?? null),
      limit: RECOMMENDED_COUNT,
      offset: 0,
    });
    return {
      attempt_id: attempt.id,
      author_id: view.collection.authorId,
      collection_id: view.collection.id,
      assessment_title: view.card.title,
      encoded_id: view.collection.encodedId,
      slug: view.card.slug,
      state: attempt.state,
      score: attempt.score ?? SkillScore.Min,
      min_score: SkillScore.Min,
      max_score: SkillScore.Max,
      skill_level: attempt.skillLevel ?? skillLevelFor(attempt.score ?? SkillScore.Min),
      skill_level_label: levelLabel(attempt.skillLevel),
      grade: attempt.grade,
      correct: answered.filter((entry) => entry.is_correct).length,
      answered: answered.length,
      skills: rows.map(presentSkillStat),
      recommended_courses: items,
      completed_at: attempt.completedAt?.toISOString() ?? null,
      retake_available_at: retakeAt(last),
      share: share ? presentShare(share) : null,
    };
  }

  return {
    async overview(userId: number | null, authorId: number, collectionId: number) {
      return overviewOf(userId, await readAssessment(userId, authorId, collectionId));
    },

    async overviewByCode(userId: number | null, encodedId: string) {
      return overviewOf(userId, assessmentOf(await content.viewByCode(userId, encodedId)));
    },

    /** Starts an attempt at a medium question, or resumes the learner's unfinished one. */
    async start(userId: number, authorId: number, collectionId: number): Promise<StartAttemptResponse> {
      const view = await readAssessment(userId, authorId, collectionId);
      const open = await repo.findOpenAttempt(db, userId, view.collection.id);
      if (open) return { attempt: presentProgress(open, authorId) };
      const last = await repo.findLastCompletedAttempt(db, userId, view.collection.id);
      const availableAt = retakeAvailableAt(last?.completedAt, coolDownMs, clock.now());
      if (availableAt) {
        const seconds = Math.ceil((availableAt.getTime() - clock.now().getTime()) / 1000);
        throw new AppError(
          ErrorStatus.RateLimit,
          AssessmentErrors.RetakeCoolDown(formatUtc(availableAt)),
          { retake_available_at: availableAt.toISOString() },
          { 'Retry-After': String(seconds) },
        );
      }
      const pool = await poolOf(view.collection.id);
      const first = pickQuestion(pool, new Set(), FIRST_DIFFICULTY, random);
      if (!first) throw new AppError(ErrorStatus.OperationNotAllowed, AssessmentErrors.NoQuestions);
      const now = clock.now();
      try {
        const attempt = await repo.insertAttempt(db, {
          userId,
          collectionId: view.collection.id,
          questionCount: Math.min(pool.length, QUESTIONS_PER_ATTEMPT),
          answers: [
            {
              question_id: first.id,
              difficulty: first.difficulty,
              skill: first.skill,
              is_correct: null,
              answered_at: null,
            },
          ],
          currentQuestionId: first.id,
          startedAt: now,
          updatedAt: now,
        });
        return { attempt: presentProgress(attempt, authorId) };
      } catch (error) {
        // Two starts at once: the partial unique index lets one insert win; the other resumes it.
        const winner = await repo.findOpenAttempt(db, userId, view.collection.id);
        if (winner) return { attempt: presentProgress(winner, authorId) };
        throw error;
      }
    },

    /** A question of the caller's attempt, without its protected content. */
    async question(address: AttemptAddress, questionId: number): Promise<QuestionResponse> {
      const { view, attempt } = await attemptOf(address);
      const asked = attempt.answers.some((entry) => entry.question_id === questionId);
      const question = asked ? await repo.findQuestion(db, view.collection.id, questionId) : undefined;
      if (!question) throw notFound(AssessmentErrors.QuestionNotFound);
      return {
        assessment_title: view.card.title,
        attempt: presentProgress(attempt, address.authorId),
        question: presentQuestion(question, attempt),
      };
    },

    /**
     * Grades the current question on the server, then picks the next one a step harder (right) or
     * easier (wrong); after the last question the attempt is completed and scored.
     */
    async answer(
      address: AttemptAddress,
      questionId: number,
      answer: AnswerRequest,
      signal: AbortSignal,
    ): Promise<AnswerResponse> {
      const { view, attempt } = await attemptOf(address);
      if (!canAnswer(attempt))
        throw new AppError(ErrorStatus.OperationNotAllowed, AssessmentErrors.NotInProgress);
      if (attempt.currentQuestionId !== questionId) {
        const asked = attempt.answers.some((entry) => entry.question_id === questionId);
        throw asked
          ? new AppError(ErrorStatus.AlreadyExists, AssessmentErrors.AlreadyAnswered)
          : notFound(AssessmentErrors.QuestionNotFound);
      }
      const question = await repo.findQuestion(db, view.collection.id, questionId);
      if (!question) throw notFound(AssessmentErrors.QuestionNotFound);
      // Judging may take seconds in the sandbox, so it happens before the attempt is locked.
      const result = await grade(question, answer, signal);
      const pool = await poolOf(view.collection.id);

      const updated = await db.transaction(async (tx) => {
        const locked = await repo.lockAttempt(tx, attempt.id);
        if (!locked || !canAnswer(locked)) {
          throw new AppError(ErrorStatus.OperationNotAllowed, AssessmentErrors.NotInProgress);
        }
        if (locked.currentQuestionId !== questionId) {
          throw new AppError(ErrorStatus.AlreadyExists, AssessmentErrors.AlreadyAnswered);
        }
        const now = clock.now();
        const answers = locked.answers.map((entry) =>
          entry.question_id === questionId
            ? {
                ...entry,
                is_correct: result.isCorrect,
                answered_at: now.toISOString(),
                given: givenOf(answer, result),
              }
            : entry,
        );
        const asked = new Set(answers.map((entry) => entry.question_id));
        const next =
          answers.length < locked.questionCount
            ? pickQuestion(pool, asked, nextDifficulty(question.difficulty, result.isCorrect), random)
            : null;
        if (next) {
          answers.push({
            question_id: next.id,
            difficulty: next.difficulty,
            skill: next.skill,
            is_correct: null,
            answered_at: null,
          });
          return repo.updateAttempt(tx, locked.id, { answers, currentQuestionId: next.id }, now);
        }
        const score = scoreOf(
          answers.map((entry) => ({
            difficulty: entry.difficulty,
            isCorrect: entry.is_correct === true,
          })),
        );
        return repo.updateAttempt(
          tx,
          locked.id,
          {
            answers,
            currentQuestionId: null,
            // The pool may have shrunk since the start; the attempt is as long as what was asked.
            questionCount: answers.length,
            state: AttemptState.Completed,
            score,
            skillLevel: skillLevelFor(score),
            grade: gradeOf(AttemptState.Completed, score),
            completedAt: now,
          },
          now,
        );
      });
      return {
        is_correct: result.isCorrect,
        tests_passed: result.testsPassed,
        tests_total: result.testsTotal,
        attempt: presentProgress(updated, address.authorId),
      };
    },

    async abandon(address: AttemptAddress) {
      const { attempt } = await attemptOf(address);
      if (!canAnswer(attempt))
        throw new AppError(ErrorStatus.OperationNotAllowed, AssessmentErrors.NotInProgress);
      const updated = await repo.updateAttempt(
        db,
        attempt.id,
        { state: AttemptState.Abandoned, currentQuestionId: null },
        clock.now(),
      );
      return { attempt: presentProgress(updated, address.authorId) };
    },

    /** Computes (again) the per-skill stats of a completed attempt and returns the full result. */
    async generateStats(address: AttemptAddress): Promise<AssessmentStats> {
      const { view, attempt } = await attemptOf(address);
      if (!canSeeResults(attempt))
        throw new AppError(ErrorStatus.OperationNotAllowed, AssessmentErrors.NotCompleted);
      const tallies = skillBreakdown(
        attempt.answers
          .filter((entry) => entry.is_correct !== null)
          .map((entry) => ({ skill: entry.skill, isCorrect: entry.is_correct === true })),
      );
      await repo.replaceSkillStats(
        db,
        attempt.id,
        tallies.map((tally, position) => ({ ...tally, position })),
      );
      return statsOf(view, attempt);
    },

    /** Each question of a completed attempt with the learner's answer, the right one and the explanation. */
    async review(address: AttemptAddress): Promise<AttemptReview> {
      const { view, attempt } = await completedAttemptOf(address, AssessmentErrors.ReviewAfterFinish);
      const questions = [];
      for (const [index, asked] of attempt.answers.entries()) {
        // Retired questions are still found: an attempt keeps what it asked.
        const question = await repo.findQuestion(db, view.collection.id, asked.question_id);
        if (question) questions.push(presentReviewedQuestion(question, asked, index + 1));
      }
      return { attempt_id: attempt.id, assessment_title: view.card.title, questions };
    },

    /** Publishes the score under a random link (the live one again if it is shared already). */
    async share(address: AttemptAddress): Promise<AssessmentShare> {
      const { attempt } = await completedAttemptOf(address, AssessmentErrors.NotCompleted);
      if (!canShare(address.userId, attempt)) throw notFound(AssessmentErrors.AttemptNotFound);
      await repo.insertShare(db, {
        token: randomBytes(18).toString('base64url'),
        attemptId: attempt.id,
        createdAt: clock.now(),
      });
      const share = await repo.findLiveShare(db, attempt.id);
      if (!share) throw new Error('share vanished after insert');
      return presentShare(share);
    },

    /** Takes the public link down; the same link never works again. */
    async unshare(address: AttemptAddress): Promise<{ is_shared: false }> {
      const { attempt } = await attemptOf(address);
      await repo.revokeShares(db, attempt.id, clock.now());
      return { is_shared: false };
    },

    /** What anyone with the link sees: name, assessment, score and date. No answers, no per-question data. */
    async sharedResult(token: string): Promise<SharedAssessmentResult> {
      const found = await repo.findSharedAttempt(db, token);
      if (!found || !canSeeResults(found.attempt)) throw notFound(AssessmentErrors.ShareNotFound);
      const { attempt } = found;
      // Read as a visitor: a result stays shareable only while the assessment itself is public.
      const view = await content
        .viewById(null, found.authorId, attempt.collectionId, false)
        .catch(() => Promise.reject(notFound(AssessmentErrors.ShareNotFound)));
      const learner = await users.findById(attempt.userId);
      if (!learner) throw notFound(AssessmentErrors.ShareNotFound);
      return {
        learner_name: learner.fullName,
        assessment_title: view.card.title,
        assessment_path: `/assessments/${view.card.slug || 'assessment'}/${view.collection.encodedId}`,
        score: attempt.score ?? SkillScore.Min,
        min_score: SkillScore.Min,
        max_score: SkillScore.Max,
        skill_level_label: levelLabel(attempt.skillLevel),
        completed_at: (attempt.completedAt ?? attempt.updatedAt).toISOString(),
      };
    },

    async getStats(address: AttemptAddress): Promise<AssessmentStats> {
      const { view, attempt } = await attemptOf(address);
      if (!canSeeResults(attempt))
        throw new AppError(ErrorStatus.OperationNotAllowed, AssessmentErrors.NotCompleted);
      return statsOf(view, attempt);
    },
  };
}

export type AssessmentsService = ReturnType<typeof createAssessmentsService>;
