import type {
  EditorProject,
  EditorProjectTask,
  SaveEditorProjectRequestSchema,
  SaveEditorTaskRequestSchema,
} from '@coderoom/contracts';
import { WorkType } from '@coderoom/domain';
import type { z } from 'zod';
import type { CollectionRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { forbidden, invalidInput, notFound } from '../../platform/http/errors.js';
import { editConflict, isCurrentEtag, newEtag } from '../../platform/http/etag.js';
import { authoringAccess, canViewDraft } from '../authoring/authoring.policy.js';
import { type ContentService, prepareWidget } from '../content/content.service.js';
import * as editorRepo from './projectEditor.repository.js';
import { ProjectErrors } from './projects.errors.js';
import { componentProblems } from './projects.policy.js';
import { taskUrl } from './projects.presenter.js';
import * as repo from './projects.repository.js';
import { componentRowOf } from './projects.service.js';

// The project editor (docs/projects.md "Editing"). Tasks keep their ids across edits, so learners'
// progress (keyed by task id) survives; only a deleted task's entry is dropped from their counts.
// Rights are the assessment editor's: editors write, viewer collaborators and reviewers read, a reader of
// the published project gets 403, nobody else learns the draft exists. Every write locks the project row,
// checks the eTag the editor saw and answers the new one.

export interface ProjectEditorDeps {
  db: Db;
  clock: Clock;
  content: Pick<ContentService, 'findForAuthoring' | 'lockDraft'>;
}

export interface ProjectEditorAddress {
  userId: number;
  authorId: number;
  collectionId: number;
}

type SaveProject = z.output<typeof SaveEditorProjectRequestSchema>;
type SaveTask = z.output<typeof SaveEditorTaskRequestSchema>;

export function presentEditorTask(row: repo.ComponentRow): EditorProjectTask {
  const { content, protectedContent: secret } = row;
  const code = content.codeContent;
  return {
    component_id: row.id,
    position: row.position,
    title: row.title,
    type: row.type,
    description: content.description,
    guide: content.guide,
    codeContent: code
      ? { comp_id: code.comp_id, language: code.language, code: code.code, enableStdin: code.enableStdin }
      : null,
    runjs: content.runjs,
    spa: content.spa,
    url: content.url,
    live: content.live ?? null,
    protected_content: {
      evaluationInputFileId: secret.evaluationInputFileId,
      evaluationOutputFileId: secret.evaluationOutputFileId,
      test_cases: [
        ...(code?.testCases ?? []).map((testCase) => ({ ...testCase, hidden: false })),
        ...secret.test_cases.map((testCase) => ({ ...testCase, hidden: true })),
      ],
      solution: secret.solution,
      live_tests: secret.live_tests ?? [],
    },
    updated_at: row.updatedAt.toISOString(),
  };
}

export function createProjectEditorService({ db, clock, content }: ProjectEditorDeps) {
  /** The project collection, if the caller may read (`view`) or change (`edit`) its draft. */
  async function collectionFor(address: ProjectEditorAddress, need: 'view' | 'edit') {
    const { viewer, collection } = await content.findForAuthoring(
      address.userId,
      address.authorId,
      address.collectionId,
    );
    if (collection.workType !== WorkType.StandaloneProject) throw notFound(ProjectErrors.NotFound);
    const access = authoringAccess(viewer, collection);
    const allowed = need === 'view' ? canViewDraft(viewer, collection) : access === 'edit';
    if (!allowed) {
      if (access === 'read') throw forbidden(ProjectErrors.NotAnEditor);
      throw notFound(ProjectErrors.NotFound);
    }
    return { collection, canEdit: access === 'edit' };
  }

  async function projectIn(collection: CollectionRow, projectId: number | undefined) {
    const project =
      projectId === undefined
        ? await repo.findFirstProjectOf(db, collection.id)
        : await repo.findProject(db, collection.id, projectId);
    if (!project) throw notFound(ProjectErrors.NotFound);
    return project;
  }

  /**
   * Runs `change` with the project locked, if the caller's eTag is the project's current one (else the
   * Conflicts 409), and gives the project a new eTag: its details and its tasks are one versioned record.
   */
  async function withLockedProject<T>(
    projectId: number,
    etag: string,
    change: (tx: DbExecutor, tasks: repo.ComponentRow[]) => Promise<T>,
  ): Promise<{ result: T; etag: string }> {
    return db.transaction(async (tx) => {
      const project = await editorRepo.lockProject(tx, projectId);
      if (!project) throw notFound(ProjectErrors.NotFound);
      if (!isCurrentEtag(project.etag, etag)) throw editConflict();
      const result = await change(tx, await repo.findComponentsOf(tx, projectId));
      const next = newEtag();
      await editorRepo.setProjectEtag(tx, projectId, next);
      return { result, etag: next };
    });
  }

  async function fileIdsOf(projectId: number): Promise<Set<number>> {
    return new Set((await repo.findFilesOf(db, projectId)).map((file) => file.id));
  }

  async function present(
    collection: CollectionRow,
    project: repo.ProjectRow,
    canEdit: boolean,
  ): Promise<EditorProject> {
    const tasks = await repo.findComponentsOf(db, project.id);
    const first = tasks[0];
    return {
      author_id: collection.authorId,
      collection_id: collection.id,
      project_id: project.id,
      title: project.title,
      summary: project.summary,
      difficulty: project.difficulty,
      description: project.content.description ?? [],
      pre_reqs: project.preReqs,
      pre_requisite_projects: project.preRequisiteProjects,
      relevant_courses: project.relevantCourses,
      udata_files: project.udataFiles,
      files: (await repo.findFilesOf(db, project.id)).map(({ id, name, content: text }) => ({
        id,
        name,
        content: text,
      })),
      tasks: tasks.map(presentEditorTask),
      can_edit: canEdit,
      learner_url: first ? taskUrl(collection.authorId, collection.id, project.id, first.id) : null,
      etag: project.etag,
    };
  }

  return {
    /** The project with every task whole (protected content included), for its editors and reviewers. */
    /**
     * The project of a collection made on /teach (which creates only the collection): created on the first
     * call, the same one afterwards. Answers its id for the editor's address.
     */
    async ensureProject(address: ProjectEditorAddress): Promise<{ project_id: number; created: boolean }> {
      const { collection } = await collectionFor(address, 'edit');
      return db.transaction(async (tx) => {
        await content.lockDraft(tx, collection.id);
        const existing = await repo.findFirstProjectOf(tx, collection.id);
        if (existing) return { project_id: existing.id, created: false };
        const project = await repo.insertProject(tx, {
          collectionId: collection.id,
          title: collection.title,
          summary: collection.summary,
          content: { description: [] },
          updatedAt: clock.now(),
        });
        return { project_id: project.id, created: true };
      });
    },

    async get(address: ProjectEditorAddress, projectId: number | undefined): Promise<EditorProject> {
      const { collection, canEdit } = await collectionFor(address, 'view');
      return present(collection, await projectIn(collection, projectId), canEdit);
    },

    /** The project's own fields and its tasks' order; the order must name every task exactly once. */
    async saveProject(
      address: ProjectEditorAddress,
      projectId: number,
      etag: string,
      body: SaveProject,
    ): Promise<EditorProject> {
      const { collection } = await collectionFor(address, 'edit');
      const project = await projectIn(collection, projectId);
      const files = await fileIdsOf(project.id);
      if (!body.udata_files.every((fileId) => files.has(fileId))) {
        throw invalidInput({ udata_files: ProjectErrors.UnknownDataFile });
      }
      await withLockedProject(project.id, etag, async (tx, tasks) => {
        const ids = new Set(tasks.map((task) => task.id));
        const named = new Set(body.component_ids);
        if (
          named.size !== body.component_ids.length ||
          named.size !== ids.size ||
          body.component_ids.some((componentId) => !ids.has(componentId))
        ) {
          throw invalidInput({ component_ids: ProjectErrors.OrderMismatch });
        }
        const now = clock.now();
        await repo.updateProject(
          tx,
          project.id,
          {
            title: body.title,
            summary: body.summary,
            difficulty: body.difficulty,
            content: { description: body.description.map((widget) => prepareWidget(widget)) },
            preReqs: body.pre_reqs.map((item) => item.trim()).filter(Boolean),
            preRequisiteProjects: body.pre_requisite_projects,
            relevantCourses: body.relevant_courses,
            udataFiles: body.udata_files,
          },
          now,
        );
        const order = tasks.map((task) => task.id);
        if (order.some((componentId, index) => componentId !== body.component_ids[index])) {
          await editorRepo.setComponentPositions(tx, project.id, body.component_ids, now);
        }
      });
      return present(collection, await projectIn(collection, project.id), true);
    },

    /** Adds (`new`, at the end) or replaces a task after the spec's checks; its id never changes. */
    async saveTask(
      address: ProjectEditorAddress,
      componentId: number | 'new',
      etag: string,
      body: SaveTask,
    ): Promise<{ etag: string; task: EditorProjectTask }> {
      const { collection } = await collectionFor(address, 'edit');
      const { project_id: projectId, ...request } = body;
      let project: repo.ProjectRow;
      if (componentId === 'new') {
        project = await projectIn(collection, projectId);
      } else {
        const found = await repo.findComponentInCollection(db, collection.id, componentId);
        if (!found) throw notFound(ProjectErrors.TaskNotFound);
        project = found.project;
      }
      const problems = componentProblems(request, await fileIdsOf(project.id));
      if (Object.keys(problems).length > 0) throw invalidInput(problems);
      const values = {
        ...componentRowOf(request, (widgets) => widgets.map((widget) => prepareWidget(widget))),
        updatedAt: clock.now(),
      };
      const saved = await withLockedProject(project.id, etag, async (tx, tasks) => {
        if (componentId === 'new') {
          const position = tasks.reduce((max, task) => Math.max(max, task.position), -1) + 1;
          return editorRepo.insertComponent(tx, { ...values, projectId: project.id, position });
        }
        const row = await editorRepo.updateComponentOf(tx, project.id, componentId, values);
        if (!row) throw notFound(ProjectErrors.TaskNotFound);
        return row;
      });
      return { etag: saved.etag, task: presentEditorTask(saved.result) };
    },

    /** Adds a named text file (data or evaluation file); the project's eTag is not affected. */
    async addFile(
      address: ProjectEditorAddress,
      projectId: number,
      body: { name: string; content: string },
    ): Promise<{ id: number; name: string; content: string }> {
      const { collection } = await collectionFor(address, 'edit');
      const project = await projectIn(collection, projectId);
      const file = await repo.insertFile(db, { projectId: project.id, ...body });
      return { id: file.id, name: file.name, content: file.content };
    },

    /** Deletes a task; learners' code and completion of it stay in their rows but no longer count. */
    async deleteTask(
      address: ProjectEditorAddress,
      componentId: number,
      etag: string,
    ): Promise<{ etag: string }> {
      const { collection } = await collectionFor(address, 'edit');
      const found = await repo.findComponentInCollection(db, collection.id, componentId);
      if (!found) throw notFound(ProjectErrors.TaskNotFound);
      const saved = await withLockedProject(found.project.id, etag, async (tx) => {
        if (!(await editorRepo.deleteComponentOf(tx, found.project.id, componentId))) {
          throw notFound(ProjectErrors.TaskNotFound);
        }
      });
      return { etag: saved.etag };
    },
  };
}

export type ProjectEditorService = ReturnType<typeof createProjectEditorService>;
