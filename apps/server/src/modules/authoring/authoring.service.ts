import {
  type AuthorCollectionResponse,
  type AuthorPageResponse,
  type AuthorWorkType,
  type CreateCollectionRequest,
  type CreateCollectionResponse,
  type CreatePageRequest,
  type CreatePageResponse,
  type DeletePageResponse,
  MY_COLLECTIONS_PAGE_SIZE,
  type MyCollectionsResponse,
  PAGE_SNAPSHOTS_KEPT,
  type PageSnapshotListResponse,
  type PageSnapshotResponse,
  type PublishResponse,
  type ReviewChecklist,
  type ReviewQueueResponse,
  type ReviewRequest,
  type ReviewResponse,
  type SetItemStatusRequest,
  type SetItemStatusResponse,
  type SubmitForReviewResponse,
  type TocEntryInput,
  type UpdateCollectionRequest,
  type Widget,
} from '@coderoom/contracts';
import {
  CategoryType,
  CourseReviewState,
  DefaultTitle,
  ErrorStatus,
  ItemStatus,
  SubmissionType,
  WorkType,
} from '@coderoom/domain';
import type { CollectionRow, PageRow, StoredTocCategory } from '../../db/schema.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { AppError, forbidden, invalidInput, notFound } from '../../platform/http/errors.js';
import type { Topic } from '../../platform/realtime/topic.js';
import { ContentErrors } from '../content/content.errors.js';
import { type DraftRightsChange, itemStatusChoices, type Viewer } from '../content/content.policy.js';
import {
  type ContentService,
  checkWidgetCounts,
  type DraftCollectionPatch,
  type DraftPagePatch,
  prepareWidget,
} from '../content/content.service.js';
import { AuthoringErrors } from './authoring.errors.js';
import { authoringAccess, canReviewContent, canViewDraft } from './authoring.policy.js';
import {
  presentAuthorCollection,
  presentAuthorPage,
  presentQueueItem,
  presentSnapshot,
  presentSnapshotSummary,
  presentVersion,
} from './authoring.presenter.js';
import * as repo from './authoring.repository.js';
import { presentMyCollection } from './myCollections.presenter.js';
import { findMyCollections } from './myCollections.repository.js';
import { checklistErrors } from './reviewChecklist.js';
import { createReviewGate, type ReviewGateDeps } from './reviewGate.service.js';

/**
 * A page save, restore or version restore that committed. Collaborative editing (module collab) follows
 * it in the lesson's live document when one is open.
 */
export interface DraftPageWrite {
  authorId: number;
  collectionId: number;
  pageId: number;
  /** The widgets the save was based on (the draft at the eTag it named). */
  before: Widget[];
  page: PageRow;
  /** Whether the save came from an editor of the live document, whose texts are its copy of them. */
  isFromLiveSession: boolean;
}

export interface AuthoringDeps {
  db: Db;
  content: ContentService;
  /** Told after each committed page write (saves and restores). */
  pageWritten?: Topic<DraftPageWrite>;
  /** Told when collaborative editing is turned on or off. */
  rightsChanged?: Topic<DraftRightsChange>;
  /** Runs code exercises' reference solutions for the review quality gate. */
  runner?: ReviewGateDeps['runner'];
}

/** Where a page write is addressed: by its full content address, or by the page id alone. */
export type PageTarget = { authorId: number; collectionId: number; pageId: number } | { pageId: number };

export interface SavePageInput {
  title?: string;
  summary?: string;
  estimated_minutes?: number;
  components: Widget[];
  from_live_session?: boolean;
}

const REVIEW_DECISIONS = {
  approve: CourseReviewState.Approved,
  approve_early_access: CourseReviewState.ApprovedForEarlyAccess,
  reject: CourseReviewState.Unapproved,
} as const;

/** Two spellings of one field (spec 000 §3): either may be sent, but not with different values. */
function eitherSpelling<T>(first: [string, T | undefined], second: [string, T | undefined]): T | undefined {
  const [firstName, firstValue] = first;
  const [secondName, secondValue] = second;
  if (firstValue !== undefined && secondValue !== undefined && firstValue !== secondValue) {
    throw invalidInput({ [secondName]: AuthoringErrors.SpellingsDisagree(firstName, secondName) });
  }
  return firstValue ?? secondValue;
}

/** Checks comp_ids are unique in the page and the per-type widget counts, then renders Markdown and sanitises HTML/SVG. */
function prepareComponents(components: Widget[]): Widget[] {
  const seen = new Set<string>();
  const visit = (widget: Widget) => {
    if (seen.has(widget.comp_id)) {
      throw invalidInput({ components: AuthoringErrors.DuplicateCompId(widget.comp_id) });
    }
    seen.add(widget.comp_id);
    if (widget.type === 'Columns') widget.content.comps.forEach(visit);
  };
  components.forEach(visit);
  checkWidgetCounts(components);
  return components.map(prepareWidget);
}

/** What a studio call needs: to write the draft, or only to read it. */
type Need = 'edit' | 'view';

export function createAuthoringService({ db, content, pageWritten, rightsChanged, runner }: AuthoringDeps) {
  const reviewGate = createReviewGate({ db, content, runner });

  /**
   * Editors pass; with `need: 'view'` (the studio's reads) so do the people invited to read the draft
   * (viewer collaborators, reviewers). Others who can read the content get 403; anyone who cannot see it
   * gets 404.
   */
  function requireEditor(viewer: Viewer | null, collection: CollectionRow, need: Need = 'edit'): Viewer {
    const access = authoringAccess(viewer, collection);
    const allowed = need === 'view' ? canViewDraft(viewer, collection) : access === 'edit';
    if (viewer && allowed) return viewer;
    if (access === 'read') throw forbidden(AuthoringErrors.NotAnEditor);
    throw notFound(ContentErrors.NotFound);
  }

  async function editableCollection(userId: number, authorId: number, collectionId: number, need?: Need) {
    const { viewer, collection } = await content.findForAuthoring(userId, authorId, collectionId);
    return { editor: requireEditor(viewer, collection, need), collection };
  }

  async function editablePage(userId: number, target: PageTarget, need?: Need) {
    if ('authorId' in target) {
      const { editor, collection } = await editableCollection(
        userId,
        target.authorId,
        target.collectionId,
        need,
      );
      return { editor, collection, page: await content.draftPage(collection.id, target.pageId) };
    }
    const { viewer, collection, page } = await content.findPageForAuthoring(userId, target.pageId);
    return { editor: requireEditor(viewer, collection, need), collection, page };
  }

  /**
   * One acknowledged save: the compare-and-set write and its snapshot commit together; then the live
   * document of the lesson, if one is open, hears of it.
   */
  async function writePage(
    editor: Viewer,
    collection: CollectionRow,
    pageId: number,
    etag: string,
    patch: DraftPagePatch,
    isFromLiveSession = false,
  ): Promise<PageRow> {
    const { before, saved } = await db.transaction(async (tx) => {
      // Read in the transaction: when the compare-and-set below succeeds, this is the draft at `etag`.
      const base = await content.draftPage(collection.id, pageId, tx);
      const page = await content.saveDraftPage(tx, collection.id, pageId, etag, patch);
      await repo.insertSnapshot(tx, {
        pageId: page.id,
        etag: page.etag,
        title: page.title,
        summary: page.summary,
        components: page.components,
        savedBy: editor.userId,
        savedAt: page.updatedAt,
      });
      await repo.pruneSnapshots(tx, page.id, PAGE_SNAPSHOTS_KEPT);
      return { before: base.components as Widget[], saved: page };
    });
    pageWritten?.publish({
      authorId: collection.authorId,
      collectionId: collection.id,
      pageId: saved.id,
      before,
      page: saved,
      isFromLiveSession,
    });
    return saved;
  }

  /**
   * Turns a TOC update into the stored TOC: existing lessons keep their flags unless sent, clones are
   * new pages copied from their source, and lessons left out are deleted (status 102).
   */
  async function applyToc(
    tx: DbExecutor,
    locked: CollectionRow,
    categories: NonNullable<UpdateCollectionRequest['toc']>,
  ): Promise<StoredTocCategory[]> {
    const pages = await content.draftPagesOf(tx, locked.id);
    const live = new Map(
      pages.filter((page) => page.status !== ItemStatus.Deleted).map((page) => [page.id, page]),
    );
    const flags = new Map(
      locked.toc.flatMap((category) => category.pages.map((entry) => [entry.page_id, entry])),
    );
    categories.forEach((category, index) => {
      if (category.title === DefaultTitle.HiddenCategory && index !== 0) {
        throw invalidInput({ [`toc.${index}.title`]: AuthoringErrors.ReservedCategoryTitle });
      }
    });
    const ordered =
      categories[0]?.title === DefaultTitle.HiddenCategory
        ? categories
        : [{ title: DefaultTitle.HiddenCategory, pages: [] }, ...categories];
    const kept = new Set<number>();
    const result: StoredTocCategory[] = [];
    for (const category of ordered) {
      const entries: StoredTocCategory['pages'] = [];
      for (const entry of category.pages as TocEntryInput[]) {
        const sourceId = 'page_id' in entry ? entry.page_id : entry.clone_of;
        const source = live.get(sourceId);
        if (!source) throw invalidInput({ toc: AuthoringErrors.PageNotInCollection });
        const previous = flags.get(sourceId);
        let pageId: number;
        if ('page_id' in entry) {
          if (kept.has(entry.page_id)) throw invalidInput({ toc: AuthoringErrors.DuplicatePage });
          kept.add(entry.page_id);
          if (entry.title !== undefined && entry.title !== source.title) {
            await content.updateDraftPage(tx, source.id, { title: entry.title });
          }
          pageId = source.id;
        } else {
          const copy = await content.insertDraftPage(tx, locked.id, {
            title: entry.title ?? source.title,
            summary: source.summary,
            estimatedMinutes: source.estimatedMinutes,
            components: source.components,
          });
          pageId = copy.id;
        }
        entries.push({
          page_id: pageId,
          is_optional: entry.is_optional ?? previous?.is_optional ?? false,
          is_preview: entry.is_preview ?? previous?.is_preview ?? false,
        });
      }
      result.push({ title: category.title, type: CategoryType.Collection, pages: entries });
    }
    for (const page of live.values()) {
      if (!kept.has(page.id)) await content.updateDraftPage(tx, page.id, { status: ItemStatus.Deleted });
    }
    return result;
  }

  async function publishCollection(collection: CollectionRow): Promise<PublishResponse> {
    const version = await db.transaction((tx) => content.publishDraft(tx, collection.id));
    return { collection_id: collection.id, version: presentVersion(version) };
  }

  async function presentCollection(editor: Viewer, collection: CollectionRow) {
    const view = await content.editorView(editor, collection);
    return presentAuthorCollection(
      view,
      itemStatusChoices(editor, collection),
      await content.liveVersion(collection.id),
      await repo.findLatestReviewEvent(db, collection.id),
      collection.workType === WorkType.Path ? await content.cardsFor(view.pathCourseIds) : [],
    );
  }

  /**
   * A path lists published courses only: ones its readers can open (enabled, public, approved). A course
   * still in review, private or deleted is refused, so the path's homepage never shows a dead entry.
   */
  async function checkPathCourses(collection: CollectionRow, courseIds: number[]): Promise<number[]> {
    if (collection.workType !== WorkType.Path) {
      throw invalidInput({ path_courses: AuthoringErrors.CoursesInPathsOnly });
    }
    if (new Set(courseIds).size !== courseIds.length) {
      throw invalidInput({ path_courses: AuthoringErrors.DuplicatePathCourse });
    }
    const listed = new Set(
      (await content.cardsFor(courseIds))
        .filter((card) => card.work_type === WorkType.Course)
        .map((card) => card.collection_id),
    );
    courseIds.forEach((courseId, index) => {
      if (!listed.has(courseId)) {
        throw invalidInput({ [`path_courses.${index}`]: AuthoringErrors.CourseNotPublished });
      }
    });
    return courseIds;
  }

  async function requireReviewer(userId: number): Promise<Viewer> {
    const viewer = await content.viewerOf(userId);
    if (!viewer || !canReviewContent(viewer)) throw forbidden(AuthoringErrors.ReviewersOnly);
    return viewer;
  }

  return {
    async createCollection(
      userId: number,
      workType: AuthorWorkType,
      input: CreateCollectionRequest,
    ): Promise<CreateCollectionResponse> {
      if (input.work_type !== undefined && input.work_type !== workType) {
        throw invalidInput({ work_type: AuthoringErrors.WorkTypeMismatch });
      }
      if (input.path_id != null || input.path_author_id != null) {
        throw invalidInput({ path_id: AuthoringErrors.ModulesNotAvailable });
      }
      const isPrivate =
        eitherSpelling(['isPrivate', input.isPrivate], ['is_private', input.is_private]) ?? false;
      const organizationId =
        eitherSpelling<number>(
          ['organizationId', input.organizationId ?? undefined],
          ['organization_id', input.organization_id ?? undefined],
        ) ?? null;
      const isPlan = input.isPlan ?? false;
      // Spec 000 §6: creating private paths or plans needs an organization id.
      if ((isPlan || (isPrivate && workType === WorkType.Path)) && organizationId === null) {
        throw invalidInput({ organization_id: AuthoringErrors.OrganizationRequired });
      }
      const collection = await content.createDraftCollection({
        authorId: userId,
        workType,
        courseType: input.course_type ?? null,
        title: input.title ?? '',
        isPrivate,
        organizationId,
        isPlan,
        isTemplate: input.isTemplate ?? false,
        isGlobal: input.isGlobal ?? false,
        collaborativeEditing: input.enableCollaborativeEditor ?? false,
      });
      return {
        author_id: collection.authorId,
        collection_id: collection.id,
        document_id: collection.encodedId,
      };
    },

    async getCollection(
      userId: number,
      authorId: number,
      collectionId: number,
    ): Promise<AuthorCollectionResponse> {
      const { editor, collection } = await editableCollection(userId, authorId, collectionId, 'view');
      return presentCollection(editor, collection);
    },

    /**
     * POST /api/author/path/{id} (spec 000 §7): the path editor's save, addressed by the path's id alone;
     * then exactly as a collection update (same rights, eTag and validation).
     */
    async updatePath(
      userId: number,
      pathId: number,
      etag: string,
      input: UpdateCollectionRequest,
    ): Promise<AuthorCollectionResponse> {
      const authorId = await content.authorOf(pathId, WorkType.Path);
      return this.updateCollection(userId, authorId, pathId, etag, input);
    },

    async updateCollection(
      userId: number,
      authorId: number,
      collectionId: number,
      etag: string,
      input: UpdateCollectionRequest,
    ): Promise<AuthorCollectionResponse> {
      const { editor, collection } = await editableCollection(userId, authorId, collectionId);
      const pathCourses =
        input.path_courses === undefined ? undefined : await checkPathCourses(collection, input.path_courses);
      const updated = await db.transaction(async (tx) => {
        const locked = await content.lockDraft(tx, collection.id, etag);
        const details = { ...locked.details };
        if (input.overview !== undefined) details.overview = input.overview;
        if (input.skills !== undefined) details.skills = input.skills;
        if (input.target_audience !== undefined) details.target_audience = input.target_audience;
        if (input.takeaway_skills !== undefined) details.takeaway_skills = input.takeaway_skills;
        if (input.prerequisites !== undefined) details.prerequisites = input.prerequisites;
        if (pathCourses !== undefined) details.path_courses = pathCourses;
        const patch: DraftCollectionPatch = { details };
        if (input.title !== undefined) patch.title = input.title;
        if (input.slug !== undefined) patch.slug = input.slug;
        if (input.summary !== undefined) patch.summary = input.summary;
        if (input.cover_image_url !== undefined) patch.coverImageUrl = input.cover_image_url;
        if (input.difficulty !== undefined) patch.difficulty = input.difficulty;
        if (input.language_topic !== undefined) patch.languageTopic = input.language_topic;
        if (input.tags !== undefined) patch.tags = input.tags;
        if (input.is_free !== undefined) patch.isFree = input.is_free;
        if (input.toc !== undefined) patch.toc = await applyToc(tx, locked, input.toc);
        if (input.enable_collaborative_editor !== undefined) {
          patch.collaborativeEditing = input.enable_collaborative_editor;
        }
        return content.writeDraftCollection(tx, locked, patch);
      });
      if (updated.collaborativeEditing !== collection.collaborativeEditing) {
        rightsChanged?.publish({ collectionId: updated.id });
      }
      return presentCollection(editor, updated);
    },

    async createPage(userId: number, input: CreatePageRequest): Promise<CreatePageResponse> {
      const { collection } = await editableCollection(userId, input.author_id, input.collection_id);
      if (collection.workType === WorkType.Path) {
        throw invalidInput({ collection_id: AuthoringErrors.LessonsInPathsOnly });
      }
      const { page, updated } = await db.transaction(async (tx) => {
        const locked = await content.lockDraft(tx, collection.id);
        const toc: StoredTocCategory[] =
          locked.toc.length > 0
            ? locked.toc.map((category) => ({ ...category, pages: [...category.pages] }))
            : [{ title: DefaultTitle.HiddenCategory, type: CategoryType.Collection, pages: [] }];
        const index = input.category_index ?? toc.length - 1;
        const category = toc[index];
        if (!category) throw invalidInput({ category_index: AuthoringErrors.CategoryOutOfRange });
        const page = await content.insertDraftPage(tx, locked.id, {
          title: input.title ?? DefaultTitle.Lesson,
        });
        category.pages.push({ page_id: page.id, is_optional: false, is_preview: false });
        return { page, updated: await content.writeDraftCollection(tx, locked, { toc }) };
      });
      return { page: presentAuthorPage(page, updated), collection_etag: updated.etag };
    },

    async getPage(userId: number, target: PageTarget): Promise<AuthorPageResponse> {
      const { collection, page } = await editablePage(userId, target, 'view');
      return { page: presentAuthorPage(page, collection) };
    },

    async savePage(
      userId: number,
      target: PageTarget,
      etag: string,
      input: SavePageInput,
    ): Promise<AuthorPageResponse> {
      const { editor, collection, page } = await editablePage(userId, target);
      const components = prepareComponents(input.components);
      const saved = await writePage(
        editor,
        collection,
        page.id,
        etag,
        {
          components,
          ...(input.title === undefined ? {} : { title: input.title }),
          ...(input.summary === undefined ? {} : { summary: input.summary }),
          ...(input.estimated_minutes === undefined ? {} : { estimatedMinutes: input.estimated_minutes }),
        },
        input.from_live_session === true,
      );
      return { page: presentAuthorPage(saved, collection) };
    },

    async listSnapshots(
      userId: number,
      authorId: number,
      collectionId: number,
      pageId: number,
    ): Promise<PageSnapshotListResponse> {
      const { collection } = await editableCollection(userId, authorId, collectionId, 'view');
      const page = await content.draftPage(collection.id, pageId);
      return { snapshots: (await repo.listSnapshots(db, page.id)).map(presentSnapshotSummary) };
    },

    async getSnapshot(
      userId: number,
      authorId: number,
      collectionId: number,
      pageId: number,
      snapshotId: number,
    ): Promise<PageSnapshotResponse> {
      const { collection } = await editableCollection(userId, authorId, collectionId, 'view');
      const page = await content.draftPage(collection.id, pageId);
      const snapshot = await repo.findSnapshot(db, page.id, snapshotId);
      if (!snapshot) throw notFound(AuthoringErrors.SnapshotNotFound);
      return { snapshot: presentSnapshot(snapshot) };
    },

    /** Restoring is a save of the snapshot's content, so it checks the eTag and makes a snapshot too. */
    async restoreSnapshot(
      userId: number,
      target: { authorId: number; collectionId: number; pageId: number },
      etag: string,
      snapshotId: number,
    ): Promise<AuthorPageResponse> {
      const { editor, collection, page } = await editablePage(userId, target);
      const snapshot = await repo.findSnapshot(db, page.id, snapshotId);
      if (!snapshot) throw notFound(AuthoringErrors.SnapshotNotFound);
      const saved = await writePage(editor, collection, page.id, etag, {
        title: snapshot.title,
        summary: snapshot.summary,
        components: snapshot.components,
      });
      return { page: presentAuthorPage(saved, collection) };
    },

    async deletePage(userId: number, pageId: number, etag: string): Promise<DeletePageResponse> {
      const { collection } = await editablePage(userId, { pageId });
      const updated = await db.transaction(async (tx) => {
        const locked = await content.lockDraft(tx, collection.id);
        await content.saveDraftPage(tx, collection.id, pageId, etag, { status: ItemStatus.Deleted });
        const toc = locked.toc.map((category) => ({
          ...category,
          pages: category.pages.filter((entry) => entry.page_id !== pageId),
        }));
        return content.writeDraftCollection(tx, locked, { toc });
      });
      return { ok: true, collection_etag: updated.etag };
    },

    async publish(userId: number, target: { authorId: number; collectionId: number } | { pageId: number }) {
      const { collection } =
        'authorId' in target
          ? await editableCollection(userId, target.authorId, target.collectionId)
          : await editablePage(userId, target);
      return publishCollection(collection);
    },

    /**
     * Publishes the draft as a new version for the reviewers and moves the collection to 3002; the first
     * submission is new (2001), every later one a re-submission (2002).
     */
    async submitForReview(
      userId: number,
      authorId: number,
      collectionId: number,
    ): Promise<SubmitForReviewResponse> {
      const { editor, collection } = await editableCollection(userId, authorId, collectionId);
      // The quality gate runs before the lock: judging solutions in the sandbox may take seconds.
      if (collection.workType === WorkType.Course) {
        const checklist = await reviewGate.checklistOf(collection);
        if (!checklist.ready) {
          throw new AppError(
            ErrorStatus.OperationNotAllowed,
            AuthoringErrors.NotReadyForReview,
            checklistErrors(checklist),
          );
        }
      }
      return db.transaction(async (tx) => {
        const locked = await content.lockDraft(tx, collection.id);
        if (locked.reviewState === CourseReviewState.SubmittedForReview) {
          throw new AppError(ErrorStatus.AlreadyExists, AuthoringErrors.AlreadySubmitted);
        }
        if (
          locked.reviewState === CourseReviewState.Approved ||
          locked.reviewState === CourseReviewState.ApprovedForEarlyAccess
        ) {
          throw invalidInput({ review_state: AuthoringErrors.AlreadyApproved });
        }
        const submissionType =
          locked.submissionType === null ? SubmissionType.New : SubmissionType.ReSubmission;
        const version = await content.publishDraft(tx, locked.id);
        const updated = await content.setReviewState(
          tx,
          locked.id,
          CourseReviewState.SubmittedForReview,
          submissionType,
        );
        await repo.insertReviewEvent(tx, {
          collectionId: locked.id,
          actorId: editor.userId,
          reviewState: CourseReviewState.SubmittedForReview,
          submissionType,
          createdAt: updated.updatedAt,
        });
        return {
          collection_id: updated.id,
          version: presentVersion(version),
          review_state: updated.reviewState,
          submission_type: submissionType,
        };
      });
    },

    /** The /teach dashboard: every collection the caller authors or collaborates on, newest change first. */
    async listMyCollections(
      userId: number,
      query: { work_type?: AuthorWorkType | undefined; drafts?: boolean | undefined; page: number },
    ): Promise<MyCollectionsResponse> {
      const { rows, total } = await findMyCollections(db, {
        userId,
        ...(query.work_type ? { workType: query.work_type } : {}),
        draftsOnly: query.drafts === true,
        limit: MY_COLLECTIONS_PAGE_SIZE,
        offset: (query.page - 1) * MY_COLLECTIONS_PAGE_SIZE,
      });
      return {
        items: rows.map(presentMyCollection),
        total,
        page: query.page,
        page_size: MY_COLLECTIONS_PAGE_SIZE,
      };
    },

    /**
     * The review quality gate of a course's draft, for its editors before submitting and for reviewers
     * (and viewer collaborators) reading it; other work types have no checklist (ready, no items).
     */
    async reviewChecklist(userId: number, authorId: number, collectionId: number): Promise<ReviewChecklist> {
      const { collection } = await editableCollection(userId, authorId, collectionId, 'view');
      if (collection.workType !== WorkType.Course) return { ready: true, items: [] };
      return reviewGate.checklistOf(collection);
    },

    /** Takes a collection offline (103 author, 104 admin) or back online (101): spec 000 §4 item status. */
    async setItemStatus(
      userId: number,
      authorId: number,
      collectionId: number,
      input: SetItemStatusRequest,
    ): Promise<SetItemStatusResponse> {
      const { editor } = await editableCollection(userId, authorId, collectionId);
      return db.transaction(async (tx) => {
        const locked = await content.lockDraft(tx, collectionId);
        if (!itemStatusChoices(editor, locked).includes(input.status)) {
          throw forbidden(
            editor.userId === locked.authorId
              ? AuthoringErrors.StatusForAdmins
              : AuthoringErrors.StatusForOwnerOrAdmin,
          );
        }
        const updated =
          locked.status === input.status ? locked : await content.setItemStatus(tx, locked.id, input.status);
        return {
          collection_id: updated.id,
          status: updated.status,
          status_choices: itemStatusChoices(editor, updated),
        };
      });
    },

    async reviewQueue(userId: number): Promise<ReviewQueueResponse> {
      await requireReviewer(userId);
      const rows = await content.collectionsInReview();
      const submitted = await repo.findSubmissionTimes(
        db,
        rows.map((row) => row.collection.id),
        CourseReviewState.SubmittedForReview,
      );
      return {
        items: rows.map((row) =>
          presentQueueItem(row.collection, row.authorName, submitted.get(row.collection.id)),
        ),
      };
    },

    async review(userId: number, collectionId: number, input: ReviewRequest): Promise<ReviewResponse> {
      const reviewer = await requireReviewer(userId);
      const reason = input.reason ?? '';
      if (input.decision === 'reject' && reason === '') {
        throw invalidInput({ reason: AuthoringErrors.ReasonRequired });
      }
      return db.transaction(async (tx) => {
        const locked = await content.lockDraft(tx, collectionId);
        if (locked.reviewState !== CourseReviewState.SubmittedForReview) {
          throw invalidInput({ collection_id: AuthoringErrors.NotInReview });
        }
        const reviewState = REVIEW_DECISIONS[input.decision];
        const updated = await content.setReviewState(tx, locked.id, reviewState);
        await repo.insertReviewEvent(tx, {
          collectionId: locked.id,
          actorId: reviewer.userId,
          reviewState,
          reason,
          createdAt: updated.updatedAt,
        });
        return { collection_id: updated.id, review_state: updated.reviewState };
      });
    },

    /**
     * Collaborative editing (module collab) writes the draft from its Yjs document in its own
     * transaction; this leaves the snapshot an acknowledged save leaves, in that transaction.
     */
    async recordSnapshot(tx: DbExecutor, page: PageRow, savedBy: number): Promise<void> {
      await repo.insertSnapshot(tx, {
        pageId: page.id,
        etag: page.etag,
        title: page.title,
        summary: page.summary,
        components: page.components,
        savedBy,
        savedAt: page.updatedAt,
      });
      await repo.pruneSnapshots(tx, page.id, PAGE_SNAPSHOTS_KEPT);
    },
  };
}

export type AuthoringService = ReturnType<typeof createAuthoringService>;
