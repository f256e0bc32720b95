import { randomBytes } from 'node:crypto';
import type { CloudLabCheckResponse, CloudLabOverview, CloudLabTaskResponse } from '@coderoom/contracts';
import { TaskCompletion, WorkType } from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import type { ContainersService, LiveWork } from '../containers/containers.service.js';
import type { CollectionView, ContentService } from '../content/content.service.js';
import {
  checkFailed,
  cloudLabNotFound,
  cloudLabsNotEnabled,
  labNotRunning,
  labsUnavailable,
  taskNotFound,
} from './cloudlabs.errors.js';
import {
  type CloudLabAccess,
  canAccessCloudLabs,
  LabVariableEnv,
  presentCheckOutput,
  progressOf,
  statusOf,
} from './cloudlabs.policy.js';
import * as repo from './cloudlabs.repository.js';

// Cloud labs: the overview, tasks with their status, the lab's instance settings and variables for the
// containers module, and task checks run inside the learner's running lab (docs/cloudlabs.md).

export interface CloudLabsDeps {
  db: Db;
  clock: Clock;
  content: Pick<ContentService, 'viewById' | 'viewByCode'>;
  /** Live instances; without them checks answer 503. */
  instances?: Pick<ContainersService, 'execInWork'>;
  /** Wall clock of one check script. */
  checkTimeoutMs?: number;
  /**
   * The caller's organization memberships (capability flag can_access_cloudlabs). There is no organizations
   * module yet, so by default every caller is a learner on the platform itself.
   */
  cloudLabAccess?: (userId: number) => Promise<CloudLabAccess>;
}

const ON_THE_PLATFORM: CloudLabAccess = { memberships: [], activeOrganizationId: null };

export interface LabAddress {
  authorId: number;
  collectionId: number;
  labId: number;
}

export interface LabTaskAddress extends LabAddress {
  taskId: number;
}

interface LabContext {
  view: CollectionView;
  lab: repo.LabRow;
  tasks: repo.LabTaskRow[];
}

const ACCESS_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Fresh lab variables: an id that looks like one (CRLAB + 16) and a 40-character secret. */
function freshVariables() {
  const keyId = Array.from(
    randomBytes(16),
    (byte) => ACCESS_KEY_ALPHABET[byte % ACCESS_KEY_ALPHABET.length],
  ).join('');
  return { accessKeyId: `CRLAB${keyId}`, secretAccessKey: randomBytes(30).toString('base64url') };
}

export const taskUrl = (lab: LabAddress, taskId: number) =>
  `/cloudlab/${lab.authorId}/${lab.collectionId}/${lab.labId}/${taskId}`;

export function createCloudLabsService(deps: CloudLabsDeps) {
  const { db, clock, content } = deps;
  const accessOf = deps.cloudLabAccess ?? (async () => ON_THE_PLATFORM);

  const mayUseLabs = async (userId: number) => canAccessCloudLabs(await accessOf(userId));

  /** Starting a lab, its instance and its checks need the capability; reading the overview does not. */
  async function requireLabAccess(userId: number): Promise<void> {
    if (!(await mayUseLabs(userId))) throw cloudLabsNotEnabled();
  }

  /** The lab as the caller may read it (published and readable by them); else a 404. */
  async function readLab(view: CollectionView, labId?: number): Promise<LabContext> {
    if (view.collection.workType !== WorkType.StandaloneCloudLab) throw cloudLabNotFound();
    const lab =
      labId === undefined
        ? await repo.findLabOf(db, view.collection.id)
        : await repo.findLab(db, view.collection.id, labId);
    if (!lab) throw cloudLabNotFound();
    return { view, lab, tasks: await repo.findTasksOf(db, lab.id) };
  }

  async function labAt(userId: number, address: LabAddress): Promise<LabContext> {
    const view = await content
      .viewById(userId, address.authorId, address.collectionId, false)
      .catch(() => Promise.reject(cloudLabNotFound()));
    return readLab(view, address.labId);
  }

  function taskOf(context: LabContext, taskId: number): repo.LabTaskRow {
    const task = context.tasks.find((entry) => entry.id === taskId);
    if (!task) throw taskNotFound();
    return task;
  }

  async function overviewOf(userId: number, context: LabContext): Promise<CloudLabOverview> {
    const { view, lab, tasks } = context;
    const progress = await repo.findProgress(db, userId, lab.id);
    const address = { authorId: view.collection.authorId, collectionId: view.collection.id, labId: lab.id };
    return {
      author_id: address.authorId,
      collection_id: address.collectionId,
      lab_id: lab.id,
      encoded_id: view.collection.encodedId,
      slug: view.card.slug,
      title: lab.title,
      summary: lab.summary,
      content: lab.content,
      envContent: { type: lab.envType, codeContent: { image: lab.image } },
      // Names only: the values are read inside the lab (echo $ACCESS_KEY_ID).
      variables: (Object.keys(LabVariableEnv) as Array<keyof typeof LabVariableEnv>).map((name) => ({
        name,
        env: LabVariableEnv[name],
      })),
      tasks: tasks.map((task) => ({
        task_id: task.id,
        title: task.title,
        status: statusOf(progress?.taskStatus, task.id),
        url: taskUrl(address, task.id),
      })),
      progress: progressOf(
        tasks.map((task) => task.id),
        progress,
      ),
      can_edit: view.canEdit,
      can_access_cloudlabs: await mayUseLabs(userId),
    };
  }

  async function variablesOf(userId: number, labId: number) {
    return repo.ensureVariables(db, userId, labId, freshVariables);
  }

  return {
    async overviewByCode(userId: number, encodedId: string): Promise<CloudLabOverview> {
      const view = await content
        .viewByCode(userId, encodedId)
        .catch(() => Promise.reject(cloudLabNotFound()));
      return overviewOf(userId, await readLab(view));
    },

    async overview(userId: number, address: LabAddress): Promise<CloudLabOverview> {
      return overviewOf(userId, await labAt(userId, address));
    },

    async task(userId: number, address: LabTaskAddress): Promise<CloudLabTaskResponse> {
      const context = await labAt(userId, address);
      const task = taskOf(context, address.taskId);
      const lab = await overviewOf(userId, context);
      return {
        lab,
        task: {
          task_id: task.id,
          title: task.title,
          instructions: task.instructions,
          status: lab.tasks.find((entry) => entry.task_id === task.id)?.status ?? TaskCompletion.Default,
          position: task.position,
        },
      };
    },

    /** Begins the lab: the progress row and the learner's variables. Beginning again changes nothing. */
    async begin(userId: number, address: LabAddress): Promise<CloudLabOverview> {
      const context = await labAt(userId, address);
      await requireLabAccess(userId);
      await repo.ensureProgress(db, userId, context.lab.id, clock.now());
      await variablesOf(userId, context.lab.id);
      return overviewOf(userId, context);
    },

    /**
     * The containers module's view of a lab (allocate with work_type standalone_cloud_lab): its image,
     * starter files and the learner's variables as environment. Ids arrive as the containers API's path
     * segments: author, collection (work) and lab (page).
     */
    async liveWork(
      userId: number,
      ref: { authorId: string; workId: string; pageId: string },
    ): Promise<LiveWork> {
      const [authorId, collectionId, labId] = [ref.authorId, ref.workId, ref.pageId].map((value) =>
        /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN,
      ) as [number, number, number];
      if (![authorId, collectionId].every(Number.isSafeInteger)) throw cloudLabNotFound();
      const view = await content
        .viewById(userId, authorId, collectionId, false)
        .catch(() => Promise.reject(cloudLabNotFound()));
      // The web app names the lab; a caller that does not gets the collection's lab.
      const context = await readLab(view, Number.isSafeInteger(labId) ? labId : undefined);
      await requireLabAccess(userId);
      await repo.ensureProgress(db, userId, context.lab.id, clock.now());
      const variables = await variablesOf(userId, context.lab.id);
      return {
        image: context.lab.image,
        files: context.lab.files,
        tests: [],
        title: context.view.card.title,
        env: {
          [LabVariableEnv.access_key_id]: variables.accessKeyId,
          [LabVariableEnv.secret_access_key]: variables.secretAccessKey,
        },
      };
    },

    /** Runs the task's check script in the learner's running lab; exit 0 completes the task. */
    async check(userId: number, address: LabTaskAddress): Promise<CloudLabCheckResponse> {
      const context = await labAt(userId, address);
      const task = taskOf(context, address.taskId);
      await requireLabAccess(userId);
      if (!deps.instances) throw labsUnavailable();
      const work = { authorId: String(address.authorId), workId: String(address.collectionId) };
      let result: Awaited<ReturnType<ContainersService['execInWork']>>;
      try {
        result = await deps.instances.execInWork(userId, work, task.checkScript, deps.checkTimeoutMs);
      } catch {
        throw checkFailed();
      }
      if (!result) throw labNotRunning();
      const passed = result.exitCode === 0 && !result.timedOut;
      const taskIds = context.tasks.map((entry) => entry.id);
      let progress = await repo.ensureProgress(db, userId, context.lab.id, clock.now());
      if (passed) {
        const doneAfter = progressOf(taskIds, {
          taskStatus: { ...progress.taskStatus, [task.id]: TaskCompletion.Completed },
        }).is_done;
        progress = await repo.completeTask(
          db,
          userId,
          context.lab.id,
          task.id,
          doneAfter ? clock.now() : null,
          clock.now(),
        );
      }
      const variables = await variablesOf(userId, context.lab.id);
      return {
        result: passed ? 'passed' : 'failed',
        exit_code: result.exitCode,
        timed_out: result.timedOut,
        output: presentCheckOutput(`${result.stdout}${result.stderr}`, [
          variables.accessKeyId,
          variables.secretAccessKey,
        ]),
        status: statusOf(progress.taskStatus, task.id),
        progress: progressOf(taskIds, progress),
      };
    },
  };
}

export type CloudLabsService = ReturnType<typeof createCloudLabsService>;
