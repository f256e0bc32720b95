import type {
  BeginProjectRequest,
  EvaluationResult,
  JudgeRequest,
  JudgeResponse,
  ProjectOverview,
  ProjectProgressResponse,
  ProjectTaskProgress,
  ProjectTaskResponse,
  SaveProjectComponentRequestSchema,
  SaveProjectProgressRequest,
  TaskOutcome,
} from '@coderoom/contracts';
import { ErrorStatus, TaskCompletion, WorkType } from '@coderoom/domain';
import { type Runner, RunnerError } from '@coderoom/runner';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { RateLimiter } from '../../platform/http/rateLimit.js';
import type { CollectionView, ContentService } from '../content/content.service.js';
import { ExecutionRateRules } from '../execution/execution.service.js';
import { ProjectErrors } from './projects.errors.js';
import { attemptProblem, canSeeGuide, completionOf, isLiveType } from './projects.policy.js';
import {
  presentComponent,
  presentFile,
  presentJudge,
  presentSummary,
  presentTaskProgress,
  presentTasks,
  presentWidgets,
} from './projects.presenter.js';
import * as repo from './projects.repository.js';

// Hands-on projects: the overview, guided/unguided attempts, per-task progress and completion judged on
// the server and reset (docs/projects.md). The editor's reads and saves are in projectEditor.service.ts.

export interface ProjectsDeps {
  db: Db;
  clock: Clock;
  content: Pick<ContentService, 'viewById' | 'viewByCode' | 'cardsFor'>;
  /** Judges checks and evaluations in the sandbox; without it those tasks answer 503. */
  runner?: Pick<Runner, 'judge'>;
  /** Checks share the per-user budget of every other code run. */
  rateLimiter?: RateLimiter;
}

export interface ProjectAddress {
  authorId: number;
  collectionId: number;
  projectId: number;
}

export interface TaskAddress extends ProjectAddress {
  componentId: number;
}

type SaveComponent = z.output<typeof SaveProjectComponentRequestSchema>;

interface ProjectContext {
  view: CollectionView;
  project: repo.ProjectRow;
  components: repo.ComponentRow[];
}

export function createProjectsService(deps: ProjectsDeps) {
  const { db, clock, content } = deps;

  function projectCollection(view: CollectionView): CollectionView {
    if (view.collection.workType !== WorkType.StandaloneProject) throw notFound(ProjectErrors.NotFound);
    return view;
  }

  /** The project as the caller may read it (published, or the draft's editors); else a 404. */
  async function readProject(userId: number | null, address: ProjectAddress): Promise<ProjectContext> {
    const view = projectCollection(
      await content.viewById(userId, address.authorId, address.collectionId, false),
    );
    const project = await repo.findProject(db, view.collection.id, address.projectId);
    if (!project) throw notFound(ProjectErrors.NotFound);
    return { view, project, components: await repo.findComponentsOf(db, project.id) };
  }

  function taskOf(context: ProjectContext, componentId: number): repo.ComponentRow {
    const component = context.components.find((entry) => entry.id === componentId);
    if (!component) throw notFound(ProjectErrors.TaskNotFound);
    return component;
  }

  async function overviewOf(userId: number | null, context: ProjectContext): Promise<ProjectOverview> {
    const { view, project, components } = context;
    const progress = userId === null ? undefined : await repo.findProgress(db, userId, project.id);
    const [prerequisites, courses, files] = await Promise.all([
      content.cardsFor(project.preRequisiteProjects),
      content.cardsFor(project.relevantCourses),
      repo.findFiles(db, project.id, project.udataFiles),
    ]);
    return {
      author_id: view.collection.authorId,
      collection_id: view.collection.id,
      project_id: project.id,
      encoded_id: view.collection.encodedId,
      slug: view.card.slug,
      title: project.title,
      summary: project.summary,
      difficulty: project.difficulty,
      language_topic: view.card.language_topic,
      tags: view.card.tags,
      description: presentWidgets(project.content.description),
      pre_reqs: project.preReqs,
      pre_requisite_projects: prerequisites,
      relevant_courses: courses,
      udata_files: files.map(presentFile),
      tasks: presentTasks(view.collection.authorId, view.collection.id, components, progress),
      progress: userId === null ? null : presentSummary(components, progress),
      can_edit: view.canEdit,
    };
  }

  /** The learner's progress row in the attempt the page was opened in; else the reason it is not. */
  function requireAttempt(progress: repo.ProgressRow | undefined, currentAttempt: number): repo.ProgressRow {
    const problem = attemptProblem(progress, currentAttempt);
    if (problem === 'NotBegun') throw new AppError(ErrorStatus.OperationNotAllowed, ProjectErrors.NotBegun);
    if (problem === 'StaleAttempt' || !progress) {
      throw new AppError(ErrorStatus.AlreadyExists, ProjectErrors.StaleAttempt);
    }
    return progress;
  }

  /**
   * Stores the learner's code and, when the task passed, its completion; the project is done when every
   * task is. Locked, so an autosave and a check that land together cannot undo each other.
   */
  async function record(
    userId: number,
    context: ProjectContext,
    componentId: number,
    currentAttempt: number,
    change: { sourceCode?: string; completed?: boolean },
  ): Promise<repo.ProgressRow> {
    return db.transaction(async (tx) => {
      const locked = requireAttempt(await repo.lockProgress(tx, userId, context.project.id), currentAttempt);
      const key = String(componentId);
      const sourceCode =
        change.sourceCode === undefined
          ? locked.sourceCode
          : { ...locked.sourceCode, [key]: change.sourceCode };
      const taskStatus = change.completed
        ? { ...locked.taskStatus, [key]: TaskCompletion.Completed }
        : locked.taskStatus;
      const done = presentSummary(context.components, { ...locked, taskStatus }).is_done;
      return repo.updateProgress(
        tx,
        userId,
        context.project.id,
        {
          sourceCode,
          taskStatus,
          completedAt: done ? (locked.completedAt ?? clock.now()) : null,
        },
        clock.now(),
      );
    });
  }

  async function judge(userId: number, request: JudgeRequest, signal: AbortSignal): Promise<JudgeResponse> {
    if (!deps.runner) {
      throw new AppError(ErrorStatus.ExternalServiceFailed, ProjectErrors.JudgingUnavailable);
    }
    await deps.rateLimiter?.consume(`code:user:${userId}`, ExecutionRateRules.perUser);
    try {
      return await deps.runner.judge(request, { signal });
    } catch (error) {
      if (error instanceof RunnerError) throw new AppError(error.status, error.message);
      throw error;
    }
  }

  async function outcome(
    userId: number,
    context: ProjectContext,
    componentId: number,
    extra: Pick<TaskOutcome, 'judge' | 'evaluation'>,
  ): Promise<TaskOutcome> {
    const progress = await repo.findProgress(db, userId, context.project.id);
    return {
      status: presentTaskProgress(progress, componentId).status,
      ...extra,
      summary: presentSummary(context.components, progress),
    };
  }

  return {
    async overview(userId: number | null, address: ProjectAddress): Promise<ProjectOverview> {
      return overviewOf(userId, await readProject(userId, address));
    },

    /** /projects/{slug}/{encodedId}: a standalone project collection holds one project. */
    async overviewByCode(userId: number | null, encodedId: string): Promise<ProjectOverview> {
      const view = projectCollection(await content.viewByCode(userId, encodedId));
      const project = await repo.findFirstProjectOf(db, view.collection.id);
      if (!project) throw notFound(ProjectErrors.NotFound);
      return overviewOf(userId, { view, project, components: await repo.findComponentsOf(db, project.id) });
    },

    /** Begins an attempt in guided (2001) or unguided (2002) mode; begun again, it switches the mode. */
    async begin(
      userId: number,
      address: ProjectAddress,
      request: BeginProjectRequest,
    ): Promise<ProjectProgressResponse> {
      const context = await readProject(userId, address);
      const progress = await repo.upsertBegin(db, userId, context.project.id, request.mode, clock.now());
      return { progress: presentSummary(context.components, progress) };
    },

    /** Clears the learner's code and completions and moves to a new attempt, to be begun again. */
    async reset(userId: number, address: ProjectAddress): Promise<ProjectProgressResponse> {
      const context = await readProject(userId, address);
      const progress = await db.transaction(async (tx) => {
        const locked = await repo.lockProgress(tx, userId, context.project.id);
        if (!locked) return undefined;
        return repo.updateProgress(
          tx,
          userId,
          context.project.id,
          {
            mode: null,
            currentAttempt: locked.currentAttempt + 1,
            sourceCode: {},
            taskStatus: {},
            completedAt: null,
            startedAt: clock.now(),
          },
          clock.now(),
        );
      });
      return { progress: presentSummary(context.components, progress) };
    },

    /** A task as the learner sees it: never protected content; the guide only in guided mode. */
    async task(userId: number, address: TaskAddress): Promise<ProjectTaskResponse> {
      const context = await readProject(userId, address);
      const component = taskOf(context, address.componentId);
      const progress = await repo.findProgress(db, userId, context.project.id);
      const { view, project, components } = context;
      return {
        project: {
          author_id: view.collection.authorId,
          collection_id: view.collection.id,
          project_id: project.id,
          encoded_id: view.collection.encodedId,
          slug: view.card.slug,
          title: project.title,
        },
        component: presentComponent(
          component,
          components.indexOf(component) + 1,
          canSeeGuide(progress, view.canEdit),
        ),
        tasks: presentTasks(view.collection.authorId, view.collection.id, components, progress),
        progress: presentTaskProgress(progress, component.id),
        summary: presentSummary(components, progress),
      };
    },

    async progress(userId: number, address: TaskAddress): Promise<ProjectTaskProgress> {
      const context = await readProject(userId, address);
      const component = taskOf(context, address.componentId);
      return presentTaskProgress(await repo.findProgress(db, userId, context.project.id), component.id);
    },

    /** Autosave: the learner's code of one task in the current attempt. */
    async saveProgress(
      userId: number,
      address: TaskAddress,
      request: SaveProjectProgressRequest,
    ): Promise<ProjectTaskProgress> {
      const context = await readProject(userId, address);
      const component = taskOf(context, address.componentId);
      const row = await record(userId, context, component.id, request.current_attempt, {
        sourceCode: request.source_code,
      });
      return presentTaskProgress(row, component.id);
    },

    /** Judges a code task against its visible and hidden test cases; all passing completes it. */
    async check(
      userId: number,
      address: TaskAddress,
      request: { current_attempt: number; source_code: string },
      signal: AbortSignal,
    ): Promise<TaskOutcome> {
      const context = await readProject(userId, address);
      const component = taskOf(context, address.componentId);
      const code = component.content.codeContent;
      if (completionOf(component) !== 'check' || !code) {
        throw new AppError(ErrorStatus.OperationNotAllowed, ProjectErrors.NotCheckable);
      }
      requireAttempt(await repo.findProgress(db, userId, context.project.id), request.current_attempt);
      // Judging may take seconds in the sandbox, so it happens before the progress row is locked.
      const result = await judge(
        userId,
        {
          language: code.language,
          source_code: request.source_code,
          test_cases: [
            ...code.testCases.map((testCase) => ({
              input: testCase.input,
              expected_output: testCase.output,
              hidden: false,
            })),
            ...component.protectedContent.test_cases.map((testCase) => ({
              input: testCase.input,
              expected_output: testCase.output,
              hidden: true,
            })),
          ],
          comparison: 'trimmed',
        },
        signal,
      );
      await record(userId, context, component.id, request.current_attempt, {
        sourceCode: request.source_code,
        completed: result.all_passed,
      });
      return outcome(userId, context, component.id, { judge: presentJudge(result), evaluation: null });
    },

    /**
     * Runs the program on the protected evaluation input in the sandbox and compares its output with
     * the protected output file (trimmed). The learner learns the verdict, never either file.
     */
    async evaluate(
      userId: number,
      address: TaskAddress,
      request: { current_attempt: number; source_code: string },
      signal: AbortSignal,
    ): Promise<TaskOutcome> {
      const context = await readProject(userId, address);
      const component = taskOf(context, address.componentId);
      const code = component.content.codeContent;
      if (completionOf(component) !== 'evaluate' || !code) {
        throw new AppError(ErrorStatus.OperationNotAllowed, ProjectErrors.NotEvaluated);
      }
      requireAttempt(await repo.findProgress(db, userId, context.project.id), request.current_attempt);
      const { evaluationInputFileId: inputId, evaluationOutputFileId: outputId } = component.protectedContent;
      const files = await repo.findFiles(
        db,
        context.project.id,
        [inputId ?? 0, outputId ?? 0].filter(Boolean),
      );
      const input = files.find((file) => file.id === inputId);
      const expected = files.find((file) => file.id === outputId);
      if (!input || !expected) {
        throw new AppError(ErrorStatus.ServerError, ProjectErrors.EvaluationFilesMissing);
      }
      const result = await judge(
        userId,
        {
          language: code.language,
          source_code: request.source_code,
          test_cases: [
            { input: input.content, expected_output: expected.content, hidden: true, comparison: 'trimmed' },
          ],
        },
        signal,
      );
      const evaluation: EvaluationResult = {
        verdict:
          result.status === 'compile_error'
            ? 'compile_error'
            : (() => {
                const verdict = result.cases[0]?.verdict ?? 'runtime_error';
                return verdict === 'not_run' ? 'runtime_error' : verdict;
              })(),
        compile_output: result.compile_output,
        time_ms: result.cases[0]?.time_ms ?? null,
      };
      await record(userId, context, component.id, request.current_attempt, {
        sourceCode: request.source_code,
        completed: evaluation.verdict === 'passed',
      });
      return outcome(userId, context, component.id, { judge: null, evaluation });
    },

    /** The learner marks a self-checked task (RunJS, SPA, URL, untested code) done. */
    async complete(userId: number, address: TaskAddress, currentAttempt: number): Promise<TaskOutcome> {
      const context = await readProject(userId, address);
      const component = taskOf(context, address.componentId);
      if (completionOf(component) !== 'mark_done') {
        throw new AppError(ErrorStatus.OperationNotAllowed, ProjectErrors.NotSelfChecked);
      }
      await record(userId, context, component.id, currentAttempt, { completed: true });
      return outcome(userId, context, component.id, { judge: null, evaluation: null });
    },

    /** A terminal or workspace task's instance settings and tests, for a reader of the project. */
    async liveTask(userId: number, address: TaskAddress) {
      const context = await readProject(userId, address);
      const component = taskOf(context, address.componentId);
      const live = component.content.live;
      if (!isLiveType(component.type) || !live) throw notFound(ProjectErrors.NotLive);
      return {
        image: live.image,
        files: live.files,
        tests: component.protectedContent.live_tests ?? [],
        title: context.project.title,
      };
    },

    /** The task's tests passed in the learner's instance: completed, if an attempt is begun. */
    async recordLiveTestsPassed(userId: number, address: TaskAddress): Promise<void> {
      const context = await readProject(userId, address);
      const component = taskOf(context, address.componentId);
      if (completionOf(component) !== 'live_tests') return;
      const progress = await repo.findProgress(db, userId, context.project.id);
      if (!progress || progress.mode === null) return;
      await record(userId, context, component.id, progress.currentAttempt, { completed: true });
    },
  };
}

/** The stored halves of a saved task: visible test cases in content, hidden ones protected. */
export function componentRowOf(
  request: SaveComponent,
  prepare: (widgets: SaveComponent['description']) => repo.ComponentContent['description'],
) {
  const code = request.codeContent;
  const cases = request.protected_content.test_cases;
  return {
    title: request.title,
    type: request.type,
    content: {
      isProject: true as const,
      description: prepare(request.description),
      guide: prepare(request.guide),
      codeContent: code
        ? {
            ...code,
            testCases: cases
              .filter((testCase) => !testCase.hidden)
              .map(({ input, output }) => ({ input, output })),
          }
        : null,
      runjs: request.runjs,
      spa: request.spa,
      url: request.url,
      live: request.live,
    },
    protectedContent: {
      evaluationInputFileId: request.protected_content.evaluationInputFileId,
      evaluationOutputFileId: request.protected_content.evaluationOutputFileId,
      test_cases: cases.filter((testCase) => testCase.hidden).map(({ input, output }) => ({ input, output })),
      solution: request.protected_content.solution,
      live_tests: request.protected_content.live_tests,
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
