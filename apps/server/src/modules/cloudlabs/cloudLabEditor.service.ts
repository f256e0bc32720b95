import type {
  CloudLabEditorResponse,
  SaveCloudLabRequest,
  SaveCloudLabTaskRequest,
} from '@coderoom/contracts';
import { WorkType } from '@coderoom/domain';
import { findProfile } from '@coderoom/runner';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { forbidden, invalidInput } from '../../platform/http/errors.js';
import { editConflict, isCurrentEtag, newEtag } from '../../platform/http/etag.js';
import { AuthoringErrors } from '../authoring/authoring.errors.js';
import type { ContentService } from '../content/content.service.js';
import { cloudLabNotFound, taskNotFound } from './cloudlabs.errors.js';
import { isWorkspacePath } from './cloudlabs.policy.js';
import * as repo from './cloudlabs.repository.js';
import type { LabAddress } from './cloudlabs.service.js';

// The cloud lab editor (docs/cloudlabs.md): editors of the collection read the lab with its protected check
// scripts, save the lab's fields and its tasks, and add tasks. The people invited to read the draft (viewer
// collaborators, reviewers) read it too, with can_edit false, and get the studio's 403 on every write.
// Everyone else gets the lab's 404.

export const CloudLabEditorErrors = {
  UnknownImage: 'Choose an image this server offers, such as coderoom/python/3.',
  FilePathInvalid: 'Starter file paths must be relative paths inside the workspace.',
} as const;

/** The image a lab created on /teach starts with; the editor changes it. */
const DEFAULT_LAB_IMAGE = 'coderoom/python/3';

export interface CloudLabEditorDeps {
  db: Db;
  clock: Clock;
  content: Pick<ContentService, 'viewById' | 'lockDraft'>;
}

export function createCloudLabEditorService({ db, clock, content }: CloudLabEditorDeps) {
  /**
   * The lab collection's draft view, if the caller may read it (`view`: editors and invited readers) or
   * change it (`edit`). Reading the draft is what lets a refused write say 403 instead of 404.
   */
  async function labCollection(
    userId: number,
    authorId: number,
    collectionId: number,
    need: 'view' | 'edit',
  ) {
    const view = await content
      .viewById(userId, authorId, collectionId, true)
      .catch(() => Promise.reject(cloudLabNotFound()));
    if (view.collection.workType !== WorkType.StandaloneCloudLab) throw cloudLabNotFound();
    if (need === 'edit' && !view.canEdit) throw forbidden(AuthoringErrors.NotAnEditor);
    return view;
  }

  async function labFor(userId: number, address: LabAddress, need: 'view' | 'edit') {
    const view = await labCollection(userId, address.authorId, address.collectionId, need);
    const lab = await repo.findLab(db, view.collection.id, address.labId);
    if (!lab) throw cloudLabNotFound();
    return { view, lab };
  }

  const editableLab = (userId: number, address: LabAddress) => labFor(userId, address, 'edit');

  async function present(userId: number, address: LabAddress): Promise<CloudLabEditorResponse> {
    const { view, lab } = await labFor(userId, address, 'view');
    const tasks = await repo.findTasksOf(db, lab.id);
    return {
      author_id: view.collection.authorId,
      collection_id: view.collection.id,
      lab_id: lab.id,
      title: lab.title,
      summary: lab.summary,
      content: lab.content,
      envContent: { type: lab.envType, codeContent: { image: lab.image } },
      files: lab.files,
      tasks: tasks.map((task) => ({
        task_id: task.id,
        title: task.title,
        instructions: task.instructions,
        check: task.checkScript,
        solution: task.solution,
      })),
      url: `/cloudlabs/${view.collection.slug || 'untitled'}/${view.collection.encodedId}`,
      etag: lab.etag,
      can_edit: view.canEdit,
    };
  }

  /**
   * Runs a save with the lab row locked, if the caller's eTag is the current one (else the Conflicts
   * 409); every save gives the lab a new eTag and edit time, its tasks' saves included.
   */
  async function withLockedLab(labId: number, etag: string, change: (tx: DbExecutor) => Promise<void>) {
    await db.transaction(async (tx) => {
      const current = await repo.lockLab(tx, labId);
      if (!current) throw cloudLabNotFound();
      if (!isCurrentEtag(current.etag, etag)) throw editConflict();
      await change(tx);
      await repo.updateLab(tx, labId, { etag: newEtag() }, clock.now());
    });
  }

  return {
    editor: present,

    /**
     * The lab of a collection made on /teach (which creates only the collection): created on the first
     * call with a Python CloudShell and no tasks, the same one afterwards. Answers its id for the editor.
     * Invited readers get the existing lab's id; only an editor may create it.
     */
    async ensureLab(userId: number, authorId: number, collectionId: number) {
      const view = await labCollection(userId, authorId, collectionId, 'view');
      if (!view.canEdit) {
        const existing = await repo.findLabOf(db, view.collection.id);
        if (!existing) throw forbidden(AuthoringErrors.NotAnEditor);
        return { lab_id: existing.id, created: false };
      }
      return db.transaction(async (tx) => {
        await content.lockDraft(tx, view.collection.id);
        const existing = await repo.findLabOf(tx, view.collection.id);
        if (existing) return { lab_id: existing.id, created: false };
        const lab = await repo.insertLab(tx, {
          collectionId: view.collection.id,
          title: view.collection.title,
          summary: view.collection.summary,
          image: DEFAULT_LAB_IMAGE,
        });
        return { lab_id: lab.id, created: true };
      });
    },

    async saveLab(userId: number, address: LabAddress, etag: string, input: SaveCloudLabRequest) {
      const { lab } = await editableLab(userId, address);
      const errors: Record<string, string> = {};
      if (!findProfile(input.image)) errors.image = CloudLabEditorErrors.UnknownImage;
      if (input.files.some((file) => !isWorkspacePath(file.path)))
        errors.files = CloudLabEditorErrors.FilePathInvalid;
      if (Object.keys(errors).length > 0) throw invalidInput(errors);
      await withLockedLab(lab.id, etag, (tx) =>
        repo.updateLab(
          tx,
          lab.id,
          {
            title: input.title,
            summary: input.summary,
            content: input.content,
            envType: input.env_type,
            image: input.image,
            files: input.files,
          },
          clock.now(),
        ),
      );
      return present(userId, address);
    },

    async addTask(userId: number, address: LabAddress, etag: string, input: SaveCloudLabTaskRequest) {
      const { lab } = await editableLab(userId, address);
      await withLockedLab(lab.id, etag, async (tx) => {
        await repo.appendTask(tx, {
          labId: lab.id,
          title: input.title,
          instructions: input.instructions,
          checkScript: input.check,
          solution: input.solution,
        });
      });
      return present(userId, address);
    },

    async saveTask(
      userId: number,
      address: LabAddress & { taskId: number },
      etag: string,
      input: SaveCloudLabTaskRequest,
    ) {
      const { lab } = await editableLab(userId, address);
      const tasks = await repo.findTasksOf(db, lab.id);
      if (!tasks.some((task) => task.id === address.taskId)) throw taskNotFound();
      await withLockedLab(lab.id, etag, (tx) =>
        repo.updateTask(tx, lab.id, address.taskId, {
          title: input.title,
          instructions: input.instructions,
          checkScript: input.check,
          solution: input.solution,
        }),
      );
      return present(userId, address);
    },
  };
}

export type CloudLabEditorService = ReturnType<typeof createCloudLabEditorService>;
