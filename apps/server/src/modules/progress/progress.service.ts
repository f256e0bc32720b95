import { randomBytes } from 'node:crypto';
import type {
  Certificate,
  CompletionResponse,
  LearnerProgress,
  MyWorksTab,
  ReadingPreferences,
  WidgetRef,
  WorkWithProgress,
} from '@coderoom/contracts';
import { DEFAULT_READING_PREFERENCES, ReadingPreferencesSchema } from '@coderoom/contracts';
import { type CertificateState, WorkType } from '@coderoom/domain';
import { createFeedCache } from '../../platform/cache/feedCache.js';
import type { Clock } from '../../platform/clock.js';
import type { ChangeFeed } from '../../platform/db/changes.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { notFound } from '../../platform/http/errors.js';
import type { UsersService } from '../accounts/users.service.js';
import { lessonUrl } from '../content/content.presenter.js';
import type { CollectionView, ContentService } from '../content/content.service.js';
import { ProgressErrors } from './progress.errors.js';
import * as repo from './progress.repository.js';

export interface ProgressDeps {
  db: Db;
  clock: Clock;
  content: ContentService;
  users: Pick<UsersService, 'findById'>;
  /**
   * The change feed: a learner's state in a collection is kept per process and dropped on
   * `learner:<user>`, which migration 0090's triggers send on every write to their visits, completions,
   * pins, certificates and widget data, whichever process made it. Without it nothing is cached.
   */
  changes?: Pick<ChangeFeed, 'on' | 'isLive' | 'onReset'>;
  /** Told after a lesson's completion changes (organization plans complete themselves from it). */
  onCompletionChanged?: (userId: number) => Promise<void>;
}

/** The learner's part of a lesson or course page. Never mutated once made (readers key on it). */
export interface LearnerPart {
  progress: LearnerProgress | null;
  isPinned: boolean;
  widgetData: Record<string, unknown>;
}

/** Learner-collection pairs (per lesson's widget prefix) one process keeps. */
const LEARNER_CACHE_MAX_ENTRIES = 50_000;

/** Percent over mandatory lessons (optional ones never hold a learner back). */
export function computeProgress(
  view: Pick<CollectionView, 'lessons'>,
  completedIds: number[],
  lastPageId: number | null,
  certificateHash: string | null,
): LearnerProgress {
  const done = new Set(completedIds);
  const mandatory = view.lessons.filter((lesson) => !lesson.isOptional);
  const mandatoryCompleted = mandatory.filter((lesson) => done.has(lesson.pageId)).length;
  return {
    completed_page_ids: view.lessons
      .filter((lesson) => done.has(lesson.pageId))
      .map((lesson) => lesson.pageId),
    mandatory_total: mandatory.length,
    mandatory_completed: mandatoryCompleted,
    percent: mandatory.length === 0 ? 0 : Math.floor((mandatoryCompleted / mandatory.length) * 100),
    last_page_id: lastPageId,
    certificate_hash: certificateHash,
  };
}

function widgetKey(ref: {
  author_id: number;
  collection_id: number;
  page_id: number;
  comp_id?: string;
}): string {
  return `${ref.author_id}/${ref.collection_id}/${ref.page_id}/${ref.comp_id ?? ''}`;
}

function presentCertificate(row: repo.CertificateRow, courseUrl: string | null): Certificate {
  return {
    hash: row.hash,
    learner_name: row.learnerName,
    course_title: row.courseTitle,
    collection_id: row.collectionId,
    course_url: courseUrl,
    issued_at: row.issuedAt.toISOString(),
    verify_url: `/certificate/${row.hash}`,
    state: row.state as CertificateState,
    state_changed_at: row.stateChangedAt?.toISOString() ?? null,
  };
}

export function createProgressService({
  db,
  clock,
  content,
  users,
  changes,
  onCompletionChanged,
}: ProgressDeps) {
  const learnerStates = createFeedCache<string, Awaited<ReturnType<typeof repo.readLearnerState>>>(changes, {
    maxEntries: LEARNER_CACHE_MAX_ENTRIES,
    groupOf: (key) => key.slice(0, key.indexOf(':')),
  });
  changes?.on('learner', (userId) => learnerStates.deleteGroup(userId));
  // The learner's part worked out from one cached state object for one view object: handed out again
  // while both are the very objects the caches keep (the feed replaces them on any change), so a reader
  // can reuse what it built from it (reader.service.ts). Paths read their courses fresh: never kept.
  const learnerParts = new WeakMap<
    repo.LearnerState,
    { view: CollectionView; lastPageId: number | null; part: LearnerPart }
  >();

  async function progressFor(userId: number, view: CollectionView): Promise<LearnerProgress> {
    if (view.card.work_type === WorkType.Path) return pathProgress(userId, view);
    const [completed, work, certificate] = await Promise.all([
      repo.completedPageIds(db, userId, view.collection.id),
      repo.findLearnerWork(db, userId, view.collection.id),
      repo.findCertificate(db, userId, view.collection.id),
    ]);
    return computeProgress(view, completed, work?.lastPageId ?? null, certificate?.hash ?? null);
  }

  /** A path's progress is the progress over all the lessons of its courses. */
  async function pathProgress(userId: number, view: CollectionView): Promise<LearnerProgress> {
    const lessons: CollectionView['lessons'] = [];
    const completed: number[] = [];
    for (const courseId of view.pathCourseIds) {
      const card = (await content.cardsFor([courseId]))[0];
      if (!card) continue;
      const course = await content.viewById(userId, card.author_id, card.collection_id, false);
      lessons.push(...course.lessons);
      completed.push(...(await repo.completedPageIds(db, userId, courseId)));
    }
    return computeProgress({ lessons }, completed, null, null);
  }

  async function workWithProgress(
    userId: number,
    view: CollectionView,
    work: repo.LearnerWorkRow | undefined,
  ) {
    const progress = await progressFor(userId, view);
    const pinned = await repo.pinnedIds(db, userId);
    const first = view.lessons[0]?.pageId ?? null;
    const resumeId = work?.lastPageId ?? first;
    const result: WorkWithProgress = {
      card: view.card,
      percent: progress.percent,
      is_pinned: pinned.includes(view.collection.id),
      last_visited_at: work?.lastVisitedAt.toISOString() ?? null,
      completed_at: work?.completedAt?.toISOString() ?? null,
      resume_url:
        resumeId === null || view.card.work_type === WorkType.Path
          ? view.card.url
          : lessonUrl(view.collection.authorId, view.collection.id, resumeId),
    };
    return result;
  }

  /** Views of the works a learner may still read; removed or hidden ones drop out of their lists. */
  async function readableView(userId: number, collectionId: number): Promise<CollectionView | null> {
    const card = (await content.cardsFor([collectionId]))[0];
    if (!card) return null;
    try {
      return await content.viewById(userId, card.author_id, card.collection_id, false);
    } catch {
      return null;
    }
  }

  /** Re-reading the lesson the learner was last on within this time writes nothing. */
  const VISIT_REFRESH_MS = 60_000;

  return {
    progressFor,

    /**
     * The learner's part of a lesson or course page in one read: progress, pin and (for a lesson) the
     * widget data. A lesson read records the visit only when it changes something: another lesson, a
     * first visit, or the last one over a minute ago; re-reading is read-only.
     */
    async learnerState(
      userId: number,
      view: CollectionView,
      lesson: { pageId: number; authorId: number } | null,
    ): Promise<LearnerPart> {
      const prefix = lesson
        ? widgetKey({ author_id: lesson.authorId, collection_id: view.collection.id, page_id: lesson.pageId })
        : null;
      const state = await learnerStates.get(`${userId}:${view.collection.id}:${prefix ?? ''}`, () =>
        repo.readLearnerState(db, userId, view.collection.id, prefix),
      );
      let lastPageId = state.lastPageId;
      if (lesson && !view.isDraftView) {
        const now = clock.now();
        const stale =
          state.lastVisitedAt === null || now.getTime() - state.lastVisitedAt.getTime() > VISIT_REFRESH_MS;
        if (state.lastPageId !== lesson.pageId || stale) {
          await repo.touchLearnerWork(db, userId, view.collection.id, lesson.pageId, now);
          // Its notification drops the copy in every process; this one must not wait for it.
          learnerStates.deleteGroup(String(userId));
          lastPageId = lesson.pageId;
        }
      }
      const isPath = view.card.work_type === WorkType.Path;
      const known = learnerParts.get(state);
      if (!isPath && known?.view === view && known.lastPageId === lastPageId) return known.part;
      const progress = view.isDraftView
        ? null
        : isPath
          ? await pathProgress(userId, view)
          : computeProgress(view, state.completedPageIds, lastPageId, state.certificateHash);
      const part: LearnerPart = {
        progress,
        isPinned: state.isPinned,
        widgetData: Object.fromEntries(
          state.widgetRows.map((row) => [
            row.key.slice(prefix?.length ?? 0),
            (row.value as { userdata?: unknown } | null)?.userdata ?? null,
          ]),
        ),
      };
      if (!isPath) learnerParts.set(state, { view, lastPageId, part });
      return part;
    },

    async isPinned(userId: number, collectionId: number): Promise<boolean> {
      return (await repo.pinnedIds(db, userId)).includes(collectionId);
    },

    async recordVisit(userId: number, view: CollectionView, pageId: number | null): Promise<void> {
      if (view.isDraftView) return;
      await repo.touchLearnerWork(db, userId, view.collection.id, pageId, clock.now());
    },

    async setCompletion(
      userId: number,
      authorId: number,
      collectionId: number,
      pageId: number,
      completed: boolean,
    ): Promise<CompletionResponse> {
      // Reading the lesson first applies every access rule of the reader.
      const { view } = await content.lesson(userId, authorId, collectionId, pageId, false);
      const now = clock.now();
      const certificate = await db.transaction(async (tx) => {
        await repo.touchLearnerWork(tx, userId, collectionId, pageId, now);
        await repo.setPageCompleted(tx, { userId, authorId, collectionId, pageId }, completed, now);
        const progress = computeProgress(
          view,
          await repo.completedPageIds(tx, userId, collectionId),
          pageId,
          null,
        );
        const finished =
          progress.mandatory_total > 0 && progress.mandatory_completed === progress.mandatory_total;
        await repo.setWorkCompletedAt(tx, userId, collectionId, finished ? now : null);
        if (!finished) return null;
        const user = await users.findById(userId, tx);
        await repo.insertCertificate(tx, {
          hash: randomBytes(16).toString('hex'),
          userId,
          collectionId,
          learnerName: user?.fullName ?? 'Deleted User',
          courseTitle: view.card.title,
          issuedAt: now,
        });
        return (await repo.findCertificate(tx, userId, collectionId)) ?? null;
      });
      await onCompletionChanged?.(userId);
      return {
        progress: await progressFor(userId, view),
        certificate: certificate ? presentCertificate(certificate, view.card.url) : null,
      };
    },

    async continueLearning(userId: number): Promise<WorkWithProgress | null> {
      for (const work of await repo.listLearnerWorks(db, userId, 'in-progress', 10)) {
        const view = await readableView(userId, work.collectionId);
        if (view) return workWithProgress(userId, view, work);
      }
      return null;
    },

    async myWorks(userId: number, tab: MyWorksTab): Promise<WorkWithProgress[]> {
      const works: WorkWithProgress[] = [];
      if (tab === 'saved') {
        for (const collectionId of await repo.pinnedIds(db, userId)) {
          const view = await readableView(userId, collectionId);
          if (view)
            works.push(
              await workWithProgress(userId, view, await repo.findLearnerWork(db, userId, collectionId)),
            );
        }
        return works;
      }
      const filter = tab === 'my-courses' ? 'all' : tab;
      for (const work of await repo.listLearnerWorks(db, userId, filter)) {
        const view = await readableView(userId, work.collectionId);
        if (view) works.push(await workWithProgress(userId, view, work));
      }
      return works;
    },

    async setPinned(userId: number, authorId: number, workId: number, pinned: boolean): Promise<void> {
      // Only what the learner can read can be pinned; unpinning always works.
      if (pinned) {
        await content.viewById(userId, authorId, workId, false);
        await repo.pin(db, userId, workId, clock.now());
      } else {
        await repo.unpin(db, userId, workId);
      }
    },

    async certificates(userId: number): Promise<Certificate[]> {
      const rows = await repo.listCertificates(db, userId);
      const cards = await content.cardsFor(rows.map((row) => row.collectionId));
      const urls = new Map(cards.map((card) => [card.collection_id, card.url]));
      return rows.map((row) => presentCertificate(row, urls.get(row.collectionId) ?? null));
    },

    /**
     * Revokes a learner's certificate of a course in the caller's transaction (commerce settlement: the
     * purchase that paid for the course was refunded or charged back). Returns how many changed.
     */
    async revokeCertificateIn(
      tx: DbExecutor,
      userId: number,
      collectionId: number,
      state: CertificateState,
      now: Date = clock.now(),
    ): Promise<number> {
      return (await repo.revokeCertificates(tx, userId, collectionId, state, now)).length;
    },

    /** The state of a learner's certificate of a course (commerce's certificate purchase); null: none yet. */
    async certificateStateOf(userId: number, collectionId: number): Promise<CertificateState | null> {
      const row = await repo.findCertificate(db, userId, collectionId);
      return row ? (row.state as CertificateState) : null;
    },

    /** Makes a learner's certificate of a course active again, in the caller's (the ledger row's) transaction. */
    async restoreCertificateIn(
      tx: DbExecutor,
      userId: number,
      collectionId: number,
      now: Date,
    ): Promise<number> {
      return (await repo.restoreCertificate(tx, userId, collectionId, now)).length;
    },

    /** Public: anyone holding the hash can check a certificate. */
    async verifyCertificate(hash: string): Promise<Certificate> {
      const row = /^[0-9a-f]{32}$/.test(hash) ? await repo.findCertificateByHash(db, hash) : undefined;
      if (!row) throw notFound(ProgressErrors.CertificateNotFound);
      const card = (await content.cardsFor([row.collectionId]))[0];
      return presentCertificate(row, card?.url ?? null);
    },

    async readingPreferences(userId: number): Promise<ReadingPreferences> {
      const stored = ReadingPreferencesSchema.safeParse(await repo.getPreference(db, userId, 'reading'));
      return stored.success ? stored.data : DEFAULT_READING_PREFERENCES;
    },

    async saveReadingPreferences(
      userId: number,
      preferences: ReadingPreferences,
    ): Promise<ReadingPreferences> {
      await repo.putPreference(db, userId, 'reading', preferences, clock.now());
      return preferences;
    },

    /** Remembers the code a learner last ran in a widget, so it is there when they come back. */
    async saveWidgetData(userId: number, ref: WidgetRef, userdata: Record<string, unknown>): Promise<void> {
      if (ref.draft) return;
      const now = clock.now();
      await repo.putWidgetData(
        db,
        userId,
        widgetKey(ref),
        { timestamp: now.toISOString(), userdata, item_type: 'collection_lesson' },
        now,
      );
    },

    /** One widget's saved state (the `userdata` and when it was saved), or null before the first save. */
    async widgetData(userId: number, ref: WidgetRef): Promise<{ userdata: unknown; savedAt: string } | null> {
      const value = (await repo.findWidgetData(db, userId, widgetKey(ref))) as
        | { timestamp?: string; userdata?: unknown }
        | undefined;
      if (!value) return null;
      return { userdata: value.userdata ?? null, savedAt: value.timestamp ?? '' };
    },

    async widgetDataFor(
      userId: number,
      page: { author_id: number; collection_id: number; page_id: number },
    ): Promise<Record<string, unknown>> {
      const prefix = widgetKey(page);
      const rows = await repo.widgetDataWithPrefix(db, userId, prefix);
      return Object.fromEntries(
        rows.map((row) => [
          row.key.slice(prefix.length),
          (row.value as { userdata?: unknown }).userdata ?? null,
        ]),
      );
    },
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
