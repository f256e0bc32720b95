import { randomBytes } from 'node:crypto';
import type { CodeWidgetContent, CollectionCard, TocCategory, Widget, WidgetRef } from '@coderoom/contracts';
import {
  CategoryType,
  CourseReviewState,
  DefaultTitle,
  ErrorMessages,
  ErrorStatus,
  ItemStatus,
  PlatformAdminRole,
  renderMarkdown,
  VersionState,
  WorkType,
} from '@coderoom/domain';
import type { CollectionRow, CollectionVersionRow, PageRow, StoredTocCategory } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { sanitizeRichHtml } from '../../platform/html/sanitizeRichHtml.js';
import { sanitizeSvg } from '../../platform/html/sanitizeSvg.js';
import { AppError, notFound, unauthorized } from '../../platform/http/errors.js';
import type { UsersService } from '../accounts/users.service.js';
import { ContentErrors } from './content.errors.js';
import type { CoursePackage, ExportSource, PathPackage } from './content.package.js';
import {
  type CollectionMembership,
  canEditCollection,
  canReadDraft,
  canReadLesson,
  canReadPublished,
  type Viewer,
} from './content.policy.js';
import { presentCard, presentToc, presentWidget, type TocPageInfo } from './content.presenter.js';
import * as repo from './content.repository.js';

export interface ContentDeps {
  db: Db;
  clock: Clock;
  /** Who a user is (accounts module). */
  users: Pick<UsersService, 'findById' | 'findByEmail'>;
  /**
   * A user's role in a collection. The collaborators module owns the list and builds on this one, so
   * its reads are handed in (app.ts) instead of imported.
   */
  memberships: { find(collectionId: number, userId: number): Promise<CollectionMembership | undefined> };
}

/** A collection as one reader sees it: the published version, or the draft for its editors. */
export interface CollectionView {
  collection: CollectionRow;
  version: CollectionVersionRow | null;
  isDraftView: boolean;
  canEdit: boolean;
  card: CollectionCard;
  toc: TocCategory[];
  /** Lessons in reading order, with the flags progress needs. */
  lessons: Array<{ pageId: number; title: string; isOptional: boolean; isPreview: boolean }>;
  overview: string;
  skills: string[];
  targetAudience: string[];
  takeawaySkills: string[];
  pathCourseIds: number[];
}

const ENCODED_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function newEncodedId(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (byte) => ENCODED_ALPHABET[byte % ENCODED_ALPHABET.length]).join('');
}

function newEtag(): string {
  return randomBytes(12).toString('base64url');
}

/** Rendered and sanitised forms are made on write, so reading a lesson is a plain fetch. */
export function prepareWidget(widget: Widget): Widget {
  switch (widget.type) {
    case 'MarkdownEditor': {
      const rendered = renderMarkdown(widget.content.text);
      if (rendered.errors.length > 0)
        throw new AppError(ErrorStatus.OperationNotAllowed, rendered.errors[0] ?? 'Invalid markup.');
      return { ...widget, content: { text: widget.content.text, mdHtml: rendered.html } };
    }
    case 'SlateHTML':
      return { ...widget, content: { html: sanitizeRichHtml(widget.content.html) } };
    case 'CanvasAnimation':
      return {
        ...widget,
        content: {
          frames: widget.content.frames.map((frame) => ({
            caption: frame.caption,
            ...(frame.svg ? { svg: sanitizeSvg(frame.svg) } : {}),
          })),
        },
      };
    case 'Columns':
      return {
        ...widget,
        content: { comps: widget.content.comps.map((comp) => prepareWidget(comp) as typeof comp) },
      };
    default:
      return widget;
  }
}

/** A draft write based on an eTag that is no longer current (spec 000 §8; the client shows 'Conflicts'). */
function staleEtag(): AppError {
  return new AppError(ErrorStatus.AlreadyExists, ErrorMessages.ContentJustUpdated);
}

/** The creation fields of a new draft collection (the authoring service has checked them). */
export interface NewDraftCollection {
  authorId: number;
  workType: string;
  courseType: string | null;
  title: string;
  isPrivate: boolean;
  organizationId: number | null;
  isPlan: boolean;
  isTemplate: boolean;
  isGlobal: boolean;
  collaborativeEditing: boolean;
}

/** The collection fields a package import sets (spec 000 §3 "Course details"). */
export type ImportedCollection = Pick<
  CollectionRow,
  'authorId' | 'workType' | 'title' | 'slug' | 'summary' | 'difficulty' | 'languageTopic' | 'tags' | 'details'
> & {
  /** The type of the TOC's hidden default category. */
  tocType: CategoryType;
};

export type DraftPagePatch = Partial<
  Pick<PageRow, 'title' | 'summary' | 'estimatedMinutes' | 'components' | 'status'>
>;

export type DraftCollectionPatch = Partial<
  Pick<
    CollectionRow,
    | 'title'
    | 'slug'
    | 'summary'
    | 'coverImageUrl'
    | 'difficulty'
    | 'languageTopic'
    | 'tags'
    | 'isFree'
    | 'details'
    | 'toc'
    | 'collaborativeEditing'
  >
>;

function lessonsOf(toc: StoredTocCategory[]) {
  return toc.flatMap((category) => category.pages);
}

export function createContentService({ db, clock, users, memberships }: ContentDeps) {
  async function viewerOf(userId: number | null): Promise<Viewer | null> {
    if (userId === null) return null;
    const user = await users.findById(userId);
    if (!user) return null;
    return { userId, isAdmin: user.adminRole === PlatformAdminRole.SuperAdmin };
  }

  /** The caller as a viewer of one collection: with their collaborator role in it, if they have one. */
  async function viewerFor(userId: number | null, collection: CollectionRow): Promise<Viewer | null> {
    const viewer = await viewerOf(userId);
    if (!viewer) return null;
    const membership = await memberships.find(collection.id, viewer.userId);
    return membership ? { ...viewer, memberships: [membership] } : viewer;
  }

  /** Snapshots the draft into a new published version; the previous one becomes obsolete. */
  async function publish(tx: DbExecutor, collection: CollectionRow, options: { earlyAccess?: boolean } = {}) {
    const draftPages = await repo.findPagesOf(tx, collection.id);
    const byId = new Map(draftPages.map((page) => [page.id, page]));
    const entries = lessonsOf(collection.toc).filter((entry) => byId.has(entry.page_id));
    const authorName = await repo.findAuthorName(tx, collection.authorId);
    const lessonTitles = entries.map((entry) => byId.get(entry.page_id)?.title ?? '').join(' ');
    await repo.markVersionsObsolete(tx, collection.id);
    const version = await repo.insertVersion(tx, {
      collectionId: collection.id,
      versionNo: (await repo.lastVersionNo(tx, collection.id)) + 1,
      state: VersionState.Published,
      title: collection.title,
      slug: collection.slug,
      summary: collection.summary,
      coverImageUrl: collection.coverImageUrl,
      difficulty: collection.difficulty,
      languageTopic: collection.languageTopic,
      tags: collection.tags,
      details: collection.details,
      toc: collection.toc,
      isFree: collection.isFree,
      isEarlyAccess:
        options.earlyAccess ?? collection.reviewState === CourseReviewState.ApprovedForEarlyAccess,
      lessonCount: entries.length,
      estimatedMinutes: entries.reduce(
        (sum, entry) => sum + (byId.get(entry.page_id)?.estimatedMinutes ?? 0),
        0,
      ),
      publishedAt: clock.now(),
      search: {
        a: collection.title,
        b: [...collection.tags, collection.languageTopic ?? '', authorName].join(' '),
        c: collection.summary,
        d: lessonTitles,
      },
    });
    await repo.insertPageVersions(
      tx,
      entries.flatMap((entry) => {
        const page = byId.get(entry.page_id);
        if (!page) return [];
        return [
          {
            collectionVersionId: version.id,
            pageId: page.id,
            itemType: page.itemType,
            title: page.title,
            slug: page.slug,
            summary: page.summary,
            estimatedMinutes: page.estimatedMinutes,
            components: page.components,
          },
        ];
      }),
    );
    return version;
  }

  async function buildView(
    viewer: Viewer | null,
    collection: CollectionRow,
    draft: boolean,
  ): Promise<CollectionView> {
    const canEdit = canEditCollection(viewer, collection);
    if (draft) {
      if (!viewer) throw unauthorized();
      if (!canReadDraft(viewer, collection)) throw notFound(ContentErrors.NotFound);
    } else if (!canReadPublished(viewer, collection)) {
      throw notFound(ContentErrors.NotFound);
    }
    const version = draft ? null : ((await repo.findLiveVersion(db, collection.id)) ?? null);
    if (!draft && !version) throw notFound(ContentErrors.NotFound);
    const source = version ?? collection;
    const toc = version ? version.toc : collection.toc;
    const pageInfo = new Map<number, TocPageInfo>();
    if (version) {
      // Titles of a published version come from its own page snapshots.
      for (const row of await repo.findPageOutlines(db, version.id)) pageInfo.set(row.pageId, row);
    } else {
      for (const page of await repo.findDraftPageOutlines(db, collection.id)) {
        if (page.status !== ItemStatus.Deleted) pageInfo.set(page.pageId, page);
      }
    }
    const authorName = await repo.findAuthorName(db, collection.authorId);
    const entries = lessonsOf(toc).filter((entry) => pageInfo.has(entry.page_id));
    const card = presentCard({
      collection,
      title: source.title,
      slug: source.slug,
      summary: source.summary,
      coverImageUrl: source.coverImageUrl,
      difficulty: source.difficulty,
      languageTopic: source.languageTopic,
      tags: source.tags,
      isFree: source.isFree,
      isEarlyAccess: version?.isEarlyAccess ?? false,
      lessonCount: entries.length,
      estimatedMinutes: entries.reduce(
        (sum, entry) => sum + (pageInfo.get(entry.page_id)?.estimatedMinutes ?? 0),
        0,
      ),
      authorName,
    });
    const details = source.details;
    return {
      collection,
      version,
      isDraftView: draft,
      canEdit,
      card,
      toc: presentToc(collection, toc, pageInfo, { canEdit, draft, courseSlug: source.slug }),
      lessons: entries.map((entry) => ({
        pageId: entry.page_id,
        title: pageInfo.get(entry.page_id)?.title ?? '',
        isOptional: entry.is_optional ?? false,
        isPreview: entry.is_preview ?? false,
      })),
      overview: details.overview ?? '',
      skills: details.skills ?? [],
      targetAudience: details.target_audience ?? [],
      takeawaySkills: details.takeaway_skills ?? [],
      pathCourseIds: details.path_courses ?? [],
    };
  }

  async function findCollectionOrThrow(authorId: number, collectionId: number): Promise<CollectionRow> {
    const collection = await repo.findCollection(db, collectionId);
    // The author id is part of every content address; a mismatch is the same as a missing item.
    if (!collection || collection.authorId !== authorId) throw notFound(ContentErrors.NotFound);
    return collection;
  }

  /** A lesson's stored widgets, for its readers: the published page, or the draft for editors. */
  async function readPage(viewer: Viewer | null, view: CollectionView, pageId: number) {
    const lesson = view.lessons.find((entry) => entry.pageId === pageId);
    if (!lesson) throw notFound(ContentErrors.PageNotFound);
    if (!canReadLesson(viewer, lesson.isPreview) && !view.canEdit) throw unauthorized();
    if (view.version) {
      const row = await repo.findPageVersion(db, view.version.id, pageId);
      if (!row) throw notFound(ContentErrors.PageNotFound);
      return { ...row, isOptional: lesson.isOptional, components: row.components as Widget[] };
    }
    const row = await repo.findPage(db, view.collection.id, pageId);
    if (!row || row.status === ItemStatus.Deleted) throw notFound(ContentErrors.PageNotFound);
    return { ...row, isOptional: lesson.isOptional, components: row.components as Widget[] };
  }

  return {
    viewerOf,

    async importCourse(pkg: CoursePackage): Promise<{ collection: CollectionRow; created: boolean }> {
      const author = await users.findByEmail(pkg.manifest.author);
      if (!author) throw new Error(`${pkg.slug}: author ${pkg.manifest.author} does not exist`);
      const existing = await repo.findCollectionBySlug(db, author.id, WorkType.Course, pkg.slug);
      if (existing) return { collection: existing, created: false };
      const { manifest } = pkg;
      const collection = await db.transaction(async (tx) => {
        const row = await repo.insertCollection(tx, {
          authorId: author.id,
          encodedId: newEncodedId(),
          workType: WorkType.Course,
          title: manifest.title,
          slug: pkg.slug,
          summary: manifest.summary,
          difficulty: manifest.difficulty,
          languageTopic: manifest.language_topic ?? null,
          tags: manifest.tags,
          details: {
            overview: manifest.overview,
            skills: manifest.skills,
            takeaway_skills: manifest.takeaway_skills,
            target_audience: manifest.target_audience,
          },
          isFree: manifest.is_free,
          reviewState: manifest.early_access
            ? CourseReviewState.ApprovedForEarlyAccess
            : CourseReviewState.Approved,
          etag: newEtag(),
        });
        const toc: StoredTocCategory[] = [
          { title: DefaultTitle.HiddenCategory, type: CategoryType.Collection, pages: [] },
        ];
        for (const category of pkg.categories) {
          const pages: StoredTocCategory['pages'] = [];
          for (const lesson of category.lessons) {
            const page = await repo.insertPage(tx, {
              collectionId: row.id,
              title: lesson.title,
              slug: lesson.slug,
              summary: lesson.summary,
              estimatedMinutes: lesson.estimatedMinutes,
              components: lesson.components.map(prepareWidget),
              etag: newEtag(),
            });
            pages.push({ page_id: page.id, is_optional: lesson.isOptional, is_preview: lesson.isPreview });
          }
          toc.push({ title: category.title, type: CategoryType.Collection, pages });
        }
        const updated = await repo.updateCollection(tx, row.id, { toc }, clock.now());
        if (!updated) throw new Error('collection vanished during import');
        await publish(tx, updated);
        return updated;
      });
      return { collection, created: true };
    },

    async importPath(pkg: PathPackage): Promise<{ collection: CollectionRow; created: boolean }> {
      const author = await users.findByEmail(pkg.manifest.author);
      if (!author) throw new Error(`${pkg.slug}: author ${pkg.manifest.author} does not exist`);
      const existing = await repo.findCollectionBySlug(db, author.id, WorkType.Path, pkg.slug);
      if (existing) return { collection: existing, created: false };
      const courseIds: number[] = [];
      const topics = new Set<string>();
      for (const slug of pkg.manifest.courses) {
        const course = await repo.findCollectionBySlug(db, author.id, WorkType.Course, slug);
        if (!course) throw new Error(`${pkg.slug}: course '${slug}' is not imported`);
        courseIds.push(course.id);
        if (course.languageTopic) topics.add(course.languageTopic);
      }
      const { manifest } = pkg;
      const collection = await db.transaction(async (tx) => {
        const row = await repo.insertCollection(tx, {
          authorId: author.id,
          encodedId: newEncodedId(),
          workType: WorkType.Path,
          title: manifest.title,
          slug: pkg.slug,
          summary: manifest.summary,
          difficulty: manifest.difficulty,
          tags: [...manifest.tags, ...topics],
          details: { overview: manifest.overview, skills: manifest.skills, path_courses: courseIds },
          isFree: manifest.is_free,
          reviewState: CourseReviewState.Approved,
          etag: newEtag(),
        });
        await publish(tx, row);
        return row;
      });
      return { collection, created: true };
    },

    /**
     * Where the package of another module (project, assessment, cloud lab) lands: the account it names as
     * author (null when there is none) and the collection it already imported under `slug`, if any.
     */
    async findImported(authorEmail: string, workType: WorkType, slug: string) {
      const author = await users.findByEmail(authorEmail);
      const existing = author && (await repo.findCollectionBySlug(db, author.id, workType, slug));
      return { authorId: author?.id ?? null, existing: existing ?? null };
    },

    /** Ids of the author's collections of `workType` under these slugs, in order; unknown slugs are left out. */
    async collectionIdsBySlug(authorId: number, workType: WorkType, slugs: string[]): Promise<number[]> {
      const ids: number[] = [];
      for (const slug of slugs) {
        const row = await repo.findCollectionBySlug(db, authorId, workType, slug);
        if (row) ids.push(row.id);
      }
      return ids;
    },

    /**
     * An approved collection for another module's package, in the importer's transaction; the importer
     * adds its own rows and then publishes it with publishDraft.
     */
    createImportedCollection(tx: DbExecutor, values: ImportedCollection): Promise<CollectionRow> {
      const { tocType, ...fields } = values;
      return repo.insertCollection(tx, {
        ...fields,
        encodedId: newEncodedId(),
        reviewState: CourseReviewState.Approved,
        toc: [{ title: DefaultTitle.HiddenCategory, type: tocType, pages: [] }],
        etag: newEtag(),
      });
    },

    async viewByCode(userId: number | null, encodedId: string): Promise<CollectionView> {
      const collection = await repo.findCollectionByEncodedId(db, encodedId);
      if (!collection) throw notFound(ContentErrors.NotFound);
      return buildView(await viewerFor(userId, collection), collection, false);
    },

    async viewById(userId: number | null, authorId: number, collectionId: number, draft: boolean) {
      const collection = await findCollectionOrThrow(authorId, collectionId);
      return buildView(await viewerFor(userId, collection), collection, draft);
    },

    /** Cards of published collections, in the given order; ones a reader may not see are left out. */
    async cardsFor(collectionIds: number[]): Promise<CollectionCard[]> {
      const rows = await repo.findListingRows(db, collectionIds);
      const byId = new Map(
        rows
          .filter((row) => canReadPublished(null, row.collection))
          .map((row) => [row.collection.id, cardOf(row)] as const),
      );
      return collectionIds.flatMap((id) => byId.get(id) ?? []);
    },

    async lesson(
      userId: number | null,
      authorId: number,
      collectionId: number,
      pageId: number,
      draft: boolean,
    ) {
      const collection = await findCollectionOrThrow(authorId, collectionId);
      const viewer = await viewerFor(userId, collection);
      const view = await buildView(viewer, collection, draft);
      const page = await readPage(viewer, view, pageId);
      return { view, page, components: page.components.map(presentWidget) };
    },

    /** The stored code widget a run names, with its protected fields, if the caller may read it. */
    async codeWidget(userId: number, ref: WidgetRef): Promise<CodeWidgetContent> {
      const collection = await findCollectionOrThrow(ref.author_id, ref.collection_id);
      const viewer = await viewerFor(userId, collection);
      const view = await buildView(viewer, collection, ref.draft ?? false);
      const page = await readPage(viewer, view, ref.page_id);
      const find = (widgets: Widget[]): Widget | undefined => {
        for (const widget of widgets) {
          if (widget.comp_id === ref.comp_id) return widget;
          if (widget.type === 'Columns') {
            const inner = find(widget.content.comps);
            if (inner) return inner;
          }
        }
        return undefined;
      };
      const widget = find(page.components);
      if (widget?.type !== 'Code') {
        throw new AppError(ErrorStatus.OperationNotAllowed, ContentErrors.NotACodeWidget, {
          widget: ContentErrors.NotACodeWidget,
        });
      }
      return widget.content;
    },

    /** Ids and slugs of the courses `npm run content:export` writes out. */
    exportableCourses(): Promise<Array<{ id: number; slug: string }>> {
      return repo.findCourses(db);
    },

    /** A course's draft as a package source (`npm run content:export`). */
    async exportSource(collectionId: number): Promise<ExportSource> {
      const collection = await repo.findCollection(db, collectionId);
      if (!collection) throw notFound(ContentErrors.NotFound);
      const author = await users.findById(collection.authorId);
      const pagesById = new Map((await repo.findPagesOf(db, collectionId)).map((page) => [page.id, page]));
      return {
        collection: {
          title: collection.title,
          slug: collection.slug,
          summary: collection.summary,
          difficulty: collection.difficulty,
          languageTopic: collection.languageTopic,
          tags: collection.tags,
          isFree: collection.isFree,
          isEarlyAccess: collection.reviewState === CourseReviewState.ApprovedForEarlyAccess,
          details: collection.details,
          authorEmail: author?.email ?? '',
        },
        categories: collection.toc
          .filter((category) => category.title !== DefaultTitle.HiddenCategory || category.pages.length > 0)
          .map((category) => ({
            title: category.title,
            lessons: category.pages.flatMap((entry) => {
              const page = pagesById.get(entry.page_id);
              if (!page || page.status === ItemStatus.Deleted) return [];
              return [
                {
                  slug: page.slug,
                  title: page.title,
                  summary: page.summary,
                  estimatedMinutes: page.estimatedMinutes,
                  isOptional: entry.is_optional ?? false,
                  isPreview: entry.is_preview ?? false,
                  components: page.components as Widget[],
                },
              ];
            }),
          })),
      };
    },

    async search(filter: repo.ListingFilter): Promise<{ items: CollectionCard[]; total: number }> {
      const { rows, total } = await repo.listPublished(db, filter);
      return { items: rows.map(cardOf), total };
    },

    // Authoring. The authoring service checks who may edit before it calls these; writes take the
    // transaction it owns, and every draft write gives the row a new eTag.

    /** The collection an editor addresses and the caller as a viewer; a missing or deleted one is a 404. */
    async findForAuthoring(userId: number, authorId: number, collectionId: number) {
      const collection = await findCollectionOrThrow(authorId, collectionId);
      if (collection.status === ItemStatus.Deleted) throw notFound(ContentErrors.NotFound);
      return { viewer: await viewerFor(userId, collection), collection };
    },

    /** A draft page by its id alone (PUT/DELETE /api/author/page/{id}), with its collection. */
    async findPageForAuthoring(userId: number, pageId: number) {
      const page = await repo.findPageById(db, pageId);
      if (!page || page.status === ItemStatus.Deleted) throw notFound(ContentErrors.PageNotFound);
      const collection = await repo.findCollection(db, page.collectionId);
      if (!collection || collection.status === ItemStatus.Deleted) throw notFound(ContentErrors.NotFound);
      return { viewer: await viewerFor(userId, collection), collection, page };
    },

    /** The draft as its editors see it: TOC with draft urls and can_edit. */
    editorView(viewer: Viewer, collection: CollectionRow): Promise<CollectionView> {
      return buildView(viewer, collection, true);
    },

    async liveVersion(collectionId: number): Promise<CollectionVersionRow | null> {
      return (await repo.findLiveVersion(db, collectionId)) ?? null;
    },

    async draftPage(collectionId: number, pageId: number, executor: DbExecutor = db): Promise<PageRow> {
      const page = await repo.findPage(executor, collectionId, pageId);
      if (!page || page.status === ItemStatus.Deleted) throw notFound(ContentErrors.PageNotFound);
      return page;
    },

    /** A new draft: review state none (3001) and a TOC holding only the hidden '__default' category. */
    createDraftCollection(values: NewDraftCollection): Promise<CollectionRow> {
      return repo.insertCollection(db, {
        ...values,
        encodedId: newEncodedId(),
        reviewState: CourseReviewState.None,
        toc: [{ title: DefaultTitle.HiddenCategory, type: CategoryType.Collection, pages: [] }],
        etag: newEtag(),
      });
    },

    /** Locks the draft collection until the transaction ends; with an eTag, a stale one is a 409. */
    async lockDraft(tx: DbExecutor, collectionId: number, expectedEtag?: string): Promise<CollectionRow> {
      const row = await repo.lockCollection(tx, collectionId);
      if (!row || row.status === ItemStatus.Deleted) throw notFound(ContentErrors.NotFound);
      if (expectedEtag !== undefined && row.etag !== expectedEtag) throw staleEtag();
      return row;
    },

    draftPagesOf(tx: DbExecutor, collectionId: number): Promise<PageRow[]> {
      return repo.findPagesOf(tx, collectionId);
    },

    /** Writes details and TOC of a collection locked with lockDraft in the same transaction. */
    async writeDraftCollection(
      tx: DbExecutor,
      locked: CollectionRow,
      patch: DraftCollectionPatch,
    ): Promise<CollectionRow> {
      const row = await repo.updateCollectionIfEtag(
        tx,
        locked.id,
        locked.etag,
        { ...patch, etag: newEtag() },
        clock.now(),
      );
      if (!row) throw staleEtag();
      return row;
    },

    insertDraftPage(
      tx: DbExecutor,
      collectionId: number,
      values: { title: string; summary?: string; estimatedMinutes?: number; components?: unknown[] },
    ): Promise<PageRow> {
      return repo.insertPage(tx, { collectionId, ...values, etag: newEtag() });
    },

    /**
     * Compare-and-set on one page: the UPDATE only matches while the row still has `expectedEtag`, so
     * of two saves based on the same eTag exactly one succeeds; the other gets 409.
     */
    async saveDraftPage(
      tx: DbExecutor,
      collectionId: number,
      pageId: number,
      expectedEtag: string,
      patch: DraftPagePatch,
    ): Promise<PageRow> {
      const row = await repo.updatePageIfEtag(
        tx,
        collectionId,
        pageId,
        expectedEtag,
        { ...patch, etag: newEtag() },
        clock.now(),
      );
      if (row) return row;
      const current = await repo.findPage(tx, collectionId, pageId);
      if (!current || current.status === ItemStatus.Deleted) throw notFound(ContentErrors.PageNotFound);
      throw staleEtag();
    },

    /** An unconditional page change made under the collection's lock (TOC renames and removals). */
    async updateDraftPage(tx: DbExecutor, pageId: number, patch: DraftPagePatch): Promise<PageRow> {
      const row = await repo.updatePage(tx, pageId, { ...patch, etag: newEtag() }, clock.now());
      if (!row) throw notFound(ContentErrors.PageNotFound);
      return row;
    },

    /** Publishes the draft as a new version; the previous live version becomes obsolete (8004). */
    async publishDraft(tx: DbExecutor, collectionId: number): Promise<CollectionVersionRow> {
      const locked = await repo.lockCollection(tx, collectionId);
      if (!locked || locked.status === ItemStatus.Deleted) throw notFound(ContentErrors.NotFound);
      return publish(tx, locked);
    },

    /**
     * Moves a collection to a review state. The draft's eTag stays: a review is not an edit. Approval
     * also marks the live version as early access (3004) or not (3005), which the listings read.
     */
    async setReviewState(
      tx: DbExecutor,
      collectionId: number,
      reviewState: CourseReviewState,
      submissionType?: number,
    ): Promise<CollectionRow> {
      const row = await repo.updateCollection(
        tx,
        collectionId,
        { reviewState, ...(submissionType === undefined ? {} : { submissionType }) },
        clock.now(),
      );
      if (!row) throw notFound(ContentErrors.NotFound);
      if (
        reviewState === CourseReviewState.Approved ||
        reviewState === CourseReviewState.ApprovedForEarlyAccess
      ) {
        await repo.setLiveVersionEarlyAccess(
          tx,
          collectionId,
          reviewState === CourseReviewState.ApprovedForEarlyAccess,
        );
      }
      return row;
    },

    collectionsInReview() {
      return repo.findCollectionsInReviewState(db, CourseReviewState.SubmittedForReview);
    },

    // Version history. The authoring module checks who may read the studio before it calls these.

    /** Every version of a collection, newest first, with its lessons (id and title) in TOC order. */
    async versionHistory(collectionId: number) {
      const versions = await repo.findVersions(db, collectionId);
      const titles = await repo.findPageTitlesOfVersions(
        db,
        versions.map((version) => version.id),
      );
      return versions.map((version) => {
        const own = new Map(
          titles.filter((row) => row.versionId === version.id).map((row) => [row.pageId, row.title]),
        );
        const lessons = lessonsOf(version.toc).flatMap((entry) => {
          const title = own.get(entry.page_id);
          return title === undefined ? [] : [{ pageId: entry.page_id, title }];
        });
        return { version, lessons };
      });
    },

    /** One page's copy in each of these versions that published it, by version id. */
    async pageInVersions(versionIds: number[], pageId: number) {
      const rows = await repo.findPageInVersions(db, versionIds, pageId);
      return new Map(rows.map((row) => [row.collectionVersionId, row]));
    },

    /** A version by its number, and the page as it published it; either missing is a 404. */
    async publishedPage(collectionId: number, versionNo: number, pageId: number) {
      const version = await repo.findVersionByNo(db, collectionId, versionNo);
      if (!version) throw notFound(ContentErrors.VersionNotFound);
      const page = await repo.findPageVersion(db, version.id, pageId);
      if (!page) throw notFound(ContentErrors.PageNotFound);
      return { version, page };
    },
  };
}

function cardOf(row: repo.ListingRow): CollectionCard {
  return presentCard({
    collection: row.collection,
    title: row.version.title,
    slug: row.version.slug,
    summary: row.version.summary,
    coverImageUrl: row.version.coverImageUrl,
    difficulty: row.version.difficulty,
    languageTopic: row.version.languageTopic,
    tags: row.version.tags,
    isFree: row.version.isFree,
    isEarlyAccess: row.version.isEarlyAccess,
    lessonCount: row.version.lessonCount,
    estimatedMinutes: row.version.estimatedMinutes,
    authorName: row.authorName,
  });
}

export type ContentService = ReturnType<typeof createContentService>;

/** What another module's package importer needs: the database for its own rows, content for the collection. */
export interface PackageImportDeps {
  db: Db;
  clock: Clock;
  content: Pick<
    ContentService,
    'findImported' | 'collectionIdsBySlug' | 'createImportedCollection' | 'publishDraft'
  >;
}
