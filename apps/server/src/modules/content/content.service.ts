import { randomBytes } from 'node:crypto';
import type {
  CodeWidgetContent,
  CollectionCard,
  ReaderWidget,
  TocCategory,
  Widget,
  WidgetRef,
} from '@coderoom/contracts';
import {
  CategoryType,
  CourseReviewState,
  DELETED_USER_NAME,
  DefaultTitle,
  ErrorMessages,
  ErrorStatus,
  ItemStatus,
  OfflineMessages,
  PlatformAdminRole,
  renderMarkdown,
  type ScopedCollection,
  VersionState,
  WidgetCountMessages,
  WorkType,
  widgetCountOverflow,
} from '@coderoom/domain';
import type {
  CollectionRow,
  CollectionVersionRow,
  PageRow,
  PageVersionRow,
  StoredTocCategory,
} from '../../db/schema.js';
import { createBoundedCache } from '../../platform/cache/boundedCache.js';
import { createFeedCache } from '../../platform/cache/feedCache.js';
import type { Clock } from '../../platform/clock.js';
import type { ChangeFeed } from '../../platform/db/changes.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { sanitizeRichHtml } from '../../platform/html/sanitizeRichHtml.js';
import { sanitizeSvg } from '../../platform/html/sanitizeSvg.js';
import { AppError, forbidden, invalidInput, notFound, unauthorized } from '../../platform/http/errors.js';
import { editConflict, isCurrentEtag, newEtag } from '../../platform/http/etag.js';
import type { UsersService } from '../accounts/users.service.js';
import { ContentErrors } from './content.errors.js';
import type { CoursePackage, ExportSource, PathPackage } from './content.package.js';
import {
  type CollectionMembership,
  canEditCollection,
  canReadDraft,
  canReadLesson,
  canReadPublished,
  offlineStatusForReaders,
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
  /**
   * Priced content (commerce module): refuses a signed-in reader without a subscription, purchase or seat
   * that opens the collection. Asked per viewer on every lesson read, after the preview and editor rules.
   */
  entitlements?: {
    assertCanRead(userId: number, collection: { id: number; isFree: boolean }): Promise<void>;
  };
  /** Tells every process's cache of published views about a publish or an early-access change. */
  changes?: Pick<ChangeFeed, 'publish' | 'on' | 'isLive' | 'onReset'>;
  /**
   * What the viewer's organization subscription lets them see (spec 001 §5; organizations module).
   * Asked on every published read, for each viewer: it is never part of anything cached.
   */
  organizations?: { isVisibleTo(userId: number | null, collection: ScopedCollection): Promise<boolean> };
}

/** A collection as the visibility rules see it: categories are its language topic and tags. */
export function scopedCollectionOf(collection: CollectionRow): ScopedCollection {
  return {
    author_id: collection.authorId,
    collection_id: collection.id,
    is_private: collection.isPrivate,
    work_type: collection.workType,
    categories: [...(collection.languageTopic ? [collection.languageTopic] : []), ...collection.tags],
  };
}

/**
 * Who is calling, as the request already knows it (the session carries the admin role): passing it
 * instead of a bare user id saves looking the user up again.
 */
export interface Caller {
  userId: number;
  adminRole: number | null;
}

/** A collection as one reader sees it: the published version, or the draft for its editors. */
export interface CollectionView {
  collection: CollectionRow;
  version: repo.VersionRow | null;
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
  /** What a learner should know first, in the author's words. */
  prerequisites: string[];
  pathCourseIds: number[];
}

const ENCODED_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function newEncodedId(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (byte) => ENCODED_ALPHABET[byte % ENCODED_ALPHABET.length]).join('');
}

/** Every widget type of a page, those inside columns included. */
function widgetTypesOf(components: readonly Widget[]): string[] {
  return components.flatMap((widget) =>
    widget.type === 'Columns'
      ? [widget.type, ...widgetTypesOf(widget.content.comps as Widget[])]
      : [widget.type],
  );
}

/**
 * Refuses a page with more widgets of a type than the spec's per-type counts allow (000 §3: WebpackBin 5,
 * VNC 5, Android 5, Code 8, Terminal 1). Every write of a page body goes through it: studio saves (plain
 * and compressed), answers, and the co-editing store.
 */
export function checkWidgetCounts(components: readonly Widget[]): void {
  const overflow = widgetCountOverflow(widgetTypesOf(components));
  if (overflow) {
    throw invalidInput({
      components: WidgetCountMessages.TooMany(overflow.type, overflow.limit, overflow.count),
    });
  }
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

/**
 * The parts of a published version that never change, prepared once per process: the version row, its
 * page outlines, lessons and TOC, and each page with its widgets as readers get them. Keyed by version
 * id, so a new publish is a new key; who may read it is decided on every request, never cached here.
 */
interface PublishedVersionEntry {
  version: repo.VersionRow;
  pageInfo: Map<number, TocPageInfo>;
  lessons: CollectionView['lessons'];
  estimatedMinutes: number;
  /** The TOC as readers who cannot edit see it (made on first use: it names the collection's ids). */
  readerToc: TocCategory[] | null;
  pages: Map<number, { row: PageVersionRow; components: ReaderWidget[] }>;
}

/** Published versions kept in memory per process (each holds its lessons' widgets once read). */
const PUBLISHED_CACHE_MAX_VERSIONS = 200;
const READING_CACHE_MAX_COLLECTIONS = 5_000;
const ROLE_CACHE_MAX_ENTRIES = 20_000;

/** What findCollectionForReading adds to the collection row. */
type ReadingFacts = Omit<repo.ReadingRow, 'collection'>;

/** The published views built from one collection row, for readers and for its editors. */
interface PublishedViews extends ReadingFacts {
  entry: PublishedVersionEntry;
  reader?: CollectionView;
  editor?: CollectionView;
}

function factsOf(facts: ReadingFacts): ReadingFacts {
  return {
    liveVersionId: facts.liveVersionId,
    liveIsEarlyAccess: facts.liveIsEarlyAccess,
    authorName: facts.authorName,
    learnerCount: facts.learnerCount,
  };
}

function sameFacts(known: PublishedViews, entry: PublishedVersionEntry, facts: ReadingFacts): boolean {
  return (
    known.entry === entry &&
    known.liveVersionId === facts.liveVersionId &&
    known.liveIsEarlyAccess === facts.liveIsEarlyAccess &&
    known.authorName === facts.authorName &&
    known.learnerCount === facts.learnerCount
  );
}

export function createContentService({
  db,
  clock,
  users,
  memberships,
  entitlements,
  changes,
  organizations,
}: ContentDeps) {
  /**
   * An organization member reads only what their subscription includes (editors always read their own):
   * the same 404 as a missing item, with the spec's text so the web app can say why (spec 001 §5, §8).
   * Decided per viewer on every read, outside the published-version cache.
   */
  async function requireInSubscription(viewer: Viewer | null, collection: CollectionRow, draft: boolean) {
    if (draft || !viewer || !organizations || canEditCollection(viewer, collection)) return;
    if (!(await organizations.isVisibleTo(viewer.userId, scopedCollectionOf(collection)))) {
      throw notFound(ErrorMessages.NotIncludedInSubscription);
    }
  }

  const published = createBoundedCache<number, PublishedVersionEntry>({
    maxEntries: PUBLISHED_CACHE_MAX_VERSIONS,
  });
  // Correctness does not hang on this (a publish makes a new version id; the live id and the early-access
  // flag come with the collection's reading row): it only frees the versions a publish made obsolete. A
  // collection's notification (a publish, but also a new learner or a draft edit) marks it, and its next
  // read drops every cached version but the live one, so a busy course keeps its live version cached.
  const maybeObsolete = new Set<number>();
  changes?.on('collection', (collectionId) => maybeObsolete.add(Number(collectionId)));
  function dropObsoleteVersions(collectionId: number, liveVersionId: number | null) {
    if (!maybeObsolete.delete(collectionId)) return;
    published.deleteWhere(
      (entry) => entry.version.collectionId === collectionId && entry.version.id !== liveVersionId,
    );
  }

  // The collection row with its live version's id, author name and learner count, and each caller's role
  // in it: what every read of a collection decides access from. Kept per process and dropped by the feed
  // (migration 0090's triggers notify `collection:<id>` on any write to the collection, its versions, its
  // collaborators, its price or its learners; `user:<id>` on the author's row).
  const readingRows = createFeedCache<number, { row: repo.ReadingRow | undefined }>(changes, {
    maxEntries: READING_CACHE_MAX_COLLECTIONS,
  });
  const roles = createFeedCache<string, { membership: CollectionMembership | undefined }>(changes, {
    maxEntries: ROLE_CACHE_MAX_ENTRIES,
    groupOf: (key) => key.slice(0, key.indexOf(':')),
  });
  changes?.on('collection', (collectionId) => {
    readingRows.delete(Number(collectionId));
    roles.deleteGroup(collectionId);
  });
  changes?.on('user', (userId) =>
    readingRows.deleteWhere((entry) => String(entry.row?.collection.authorId) === userId),
  );
  const readingRowOf = async (collectionId: number) =>
    (
      await readingRows.get(collectionId, async () => ({
        row: await repo.findCollectionForReading(db, { id: collectionId }),
      }))
    ).row;
  const roleOf = async (collectionId: number, userId: number) =>
    (
      await roles.get(`${collectionId}:${userId}`, async () => ({
        membership: await memberships.find(collectionId, userId),
      }))
    ).membership;

  // A published view is a pure function of the cached reading row, the version entry and whether the
  // viewer may edit; built once and handed out again while the row object is the one readingRows keeps
  // (the feed replaces it on any change), so readers downstream can key their own work on its identity.
  // Who may read it is decided before this, on every request. Never mutated once built.
  const publishedViews = new WeakMap<CollectionRow, PublishedViews>();
  function knownView(
    collection: CollectionRow,
    entry: PublishedVersionEntry,
    facts: ReadingFacts,
    canEdit: boolean,
  ) {
    const known = publishedViews.get(collection);
    if (!known || !sameFacts(known, entry, facts)) return undefined;
    return canEdit ? known.editor : known.reader;
  }
  function keepView(
    collection: CollectionRow,
    entry: PublishedVersionEntry,
    facts: ReadingFacts,
    view: CollectionView,
  ) {
    let known = publishedViews.get(collection);
    if (!known || !sameFacts(known, entry, facts)) {
      known = { entry, ...factsOf(facts) };
      publishedViews.set(collection, known);
    }
    if (view.canEdit) known.editor = view;
    else known.reader = view;
  }

  async function publishedVersion(versionId: number): Promise<PublishedVersionEntry | null> {
    const cached = published.get(versionId);
    if (cached) return cached;
    const version = await repo.findVersionById(db, versionId);
    if (!version) return null;
    const pageInfo = new Map<number, TocPageInfo>();
    // Titles of a published version come from its own page snapshots.
    for (const row of await repo.findPageOutlines(db, version.id)) pageInfo.set(row.pageId, row);
    const entries = lessonsOf(version.toc).filter((entry) => pageInfo.has(entry.page_id));
    const entry: PublishedVersionEntry = {
      version,
      pageInfo,
      lessons: entries.map((lesson) => ({
        pageId: lesson.page_id,
        title: pageInfo.get(lesson.page_id)?.title ?? '',
        isOptional: lesson.is_optional ?? false,
        isPreview: lesson.is_preview ?? false,
      })),
      estimatedMinutes: entries.reduce(
        (sum, lesson) => sum + (pageInfo.get(lesson.page_id)?.estimatedMinutes ?? 0),
        0,
      ),
      readerToc: null,
      pages: new Map(),
    };
    published.set(versionId, entry);
    return entry;
  }

  function viewerOfCaller(caller: Caller): Viewer {
    return { userId: caller.userId, isAdmin: caller.adminRole === PlatformAdminRole.SuperAdmin };
  }

  async function viewerOf(caller: number | Caller | null): Promise<Viewer | null> {
    if (caller === null) return null;
    if (typeof caller !== 'number') return viewerOfCaller(caller);
    const user = await users.findById(caller);
    if (!user) return null;
    return { userId: caller, isAdmin: user.adminRole === PlatformAdminRole.SuperAdmin };
  }

  /** The caller as a viewer of one collection: with their collaborator role in it, if they have one. */
  async function viewerFor(
    caller: number | Caller | null,
    collection: CollectionRow,
    /** Reads may take the role from the cache; writes decide from the row itself. */
    read: 'cached' | 'fresh' = 'fresh',
  ): Promise<Viewer | null> {
    const viewer = await viewerOf(caller);
    if (!viewer) return null;
    const membership =
      read === 'cached'
        ? await roleOf(collection.id, viewer.userId)
        : await memberships.find(collection.id, viewer.userId);
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
    known?: ReadingFacts,
  ): Promise<CollectionView> {
    const canEdit = canEditCollection(viewer, collection);
    if (draft) {
      // The same 404 as a missing collection for anyone who may not read the draft, logged in or not:
      // a 401 here would tell a visitor that an unpublished draft exists (docs/security.md).
      if (!canReadDraft(viewer, collection)) throw notFound(ContentErrors.NotFound);
    } else if (!canReadPublished(viewer, collection)) {
      // An offline collection tells its readers why instead of pretending it never existed.
      const offline = offlineStatusForReaders(collection);
      if (offline) throw forbidden(OfflineMessages[offline]);
      throw notFound(ContentErrors.NotFound);
    }
    if (draft) return buildDraftView(collection, canEdit);
    const facts = known ?? (await readingRowOf(collection.id));
    dropObsoleteVersions(collection.id, facts?.liveVersionId ?? null);
    const entry = facts?.liveVersionId ? await publishedVersion(facts.liveVersionId) : null;
    if (!facts || !entry) throw notFound(ContentErrors.NotFound);
    // Only a collection row handed in with its facts comes from the reading cache (or one statement).
    const reused = known ? knownView(collection, entry, facts, canEdit) : undefined;
    if (reused) return reused;
    const version = { ...entry.version, isEarlyAccess: facts.liveIsEarlyAccess ?? false };
    let toc = entry.readerToc;
    if (canEdit || !toc) {
      const presented = presentToc(collection, version.toc, entry.pageInfo, {
        canEdit,
        draft: false,
        courseSlug: version.slug,
      });
      if (!canEdit) entry.readerToc = presented;
      toc = presented;
    }
    const view: CollectionView = {
      ...viewParts(collection, version, {
        isEarlyAccess: version.isEarlyAccess,
        lessonCount: entry.lessons.length,
        estimatedMinutes: entry.estimatedMinutes,
        authorName: facts.authorName ?? DELETED_USER_NAME,
        learnerCount: facts.learnerCount,
      }),
      version,
      isDraftView: false,
      canEdit,
      toc,
      lessons: entry.lessons,
    };
    if (known) keepView(collection, entry, facts, view);
    return view;
  }

  /** The draft as its editors (and invited readers) see it: always read fresh, never cached. */
  async function buildDraftView(collection: CollectionRow, canEdit: boolean): Promise<CollectionView> {
    const pageInfo = new Map<number, TocPageInfo>();
    for (const page of await repo.findDraftPageOutlines(db, collection.id)) {
      if (page.status !== ItemStatus.Deleted) pageInfo.set(page.pageId, page);
    }
    const entries = lessonsOf(collection.toc).filter((entry) => pageInfo.has(entry.page_id));
    return {
      ...viewParts(collection, collection, {
        isEarlyAccess: false,
        lessonCount: entries.length,
        estimatedMinutes: entries.reduce(
          (sum, entry) => sum + (pageInfo.get(entry.page_id)?.estimatedMinutes ?? 0),
          0,
        ),
        authorName: await repo.findAuthorName(db, collection.authorId),
        learnerCount: 0,
      }),
      version: null,
      isDraftView: true,
      canEdit,
      toc: presentToc(collection, collection.toc, pageInfo, {
        canEdit,
        draft: true,
        courseSlug: collection.slug,
      }),
      lessons: entries.map((entry) => ({
        pageId: entry.page_id,
        title: pageInfo.get(entry.page_id)?.title ?? '',
        isOptional: entry.is_optional ?? false,
        isPreview: entry.is_preview ?? false,
      })),
    };
  }

  /** Card and details of a view, from the published version or the draft collection row. */
  function viewParts(
    collection: CollectionRow,
    source: Pick<
      repo.VersionRow,
      | 'title'
      | 'slug'
      | 'summary'
      | 'coverImageUrl'
      | 'difficulty'
      | 'languageTopic'
      | 'tags'
      | 'isFree'
      | 'details'
    >,
    facts: {
      isEarlyAccess: boolean;
      lessonCount: number;
      estimatedMinutes: number;
      authorName: string;
      learnerCount: number;
    },
  ) {
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
      ...facts,
    });
    const details = source.details;
    return {
      collection,
      card,
      overview: details.overview ?? '',
      skills: details.skills ?? [],
      targetAudience: details.target_audience ?? [],
      takeawaySkills: details.takeaway_skills ?? [],
      prerequisites: details.prerequisites ?? [],
      pathCourseIds: details.path_courses ?? [],
    };
  }

  /** A collection a reader addresses, with what its view needs, in one statement. */
  async function findForReadingOrThrow(authorId: number, collectionId: number) {
    const row = await readingRowOf(collectionId);
    // The author id is part of every content address; a mismatch is the same as a missing item.
    if (!row || row.collection.authorId !== authorId) throw notFound(ContentErrors.NotFound);
    const { collection, ...facts } = row;
    return { collection, facts };
  }

  /** A refusal (404, 401, 403…) read as "not readable"; anything else is a real failure. */
  function refusedAsNull(error: unknown): null {
    if (error instanceof AppError) return null;
    throw error;
  }

  async function findCollectionOrThrow(authorId: number, collectionId: number): Promise<CollectionRow> {
    const collection = await repo.findCollection(db, collectionId);
    // The author id is part of every content address; a mismatch is the same as a missing item.
    if (!collection || collection.authorId !== authorId) throw notFound(ContentErrors.NotFound);
    return collection;
  }

  /**
   * The lesson entry if this viewer may read it: previews for everyone, the rest for signed-in readers,
   * priced lessons only with an entitlement (asked on every read), everything for the collection's editors.
   */
  async function lessonReadableBy(viewer: Viewer | null, view: CollectionView, pageId: number) {
    const lesson = view.lessons.find((entry) => entry.pageId === pageId);
    if (!lesson) throw notFound(ContentErrors.PageNotFound);
    if (!canReadLesson(viewer, lesson.isPreview) && !view.canEdit) throw unauthorized();
    if (viewer && !lesson.isPreview && !view.canEdit) {
      await entitlements?.assertCanRead(viewer.userId, { id: view.collection.id, isFree: view.card.is_free });
    }
    return lesson;
  }

  /** A lesson's stored widgets, for its readers: the published page, or the draft for editors. */
  async function readPage(viewer: Viewer | null, view: CollectionView, pageId: number) {
    const lesson = await lessonReadableBy(viewer, view, pageId);
    if (view.version) {
      const row = await repo.findPageVersion(db, view.version.id, pageId);
      if (!row) throw notFound(ContentErrors.PageNotFound);
      return { ...row, isOptional: lesson.isOptional, components: row.components as Widget[] };
    }
    return readDraftPage(view, pageId, lesson.isOptional);
  }

  /** A published page with its widgets as readers get them, from the version's cache entry. */
  async function readPublishedPage(viewer: Viewer | null, view: CollectionView, pageId: number) {
    const lesson = await lessonReadableBy(viewer, view, pageId);
    const versionId = view.version?.id;
    const entry = versionId === undefined ? null : await publishedVersion(versionId);
    if (!entry || versionId === undefined) throw notFound(ContentErrors.PageNotFound);
    let page = entry.pages.get(pageId);
    if (!page) {
      const row = await repo.findPageVersion(db, versionId, pageId);
      if (!row) throw notFound(ContentErrors.PageNotFound);
      page = { row, components: (row.components as Widget[]).map(presentWidget) };
      entry.pages.set(pageId, page);
    }
    return {
      page: { ...page.row, isOptional: lesson.isOptional, components: page.row.components as Widget[] },
      components: page.components,
    };
  }

  async function readDraftPage(view: CollectionView, pageId: number, isOptional: boolean) {
    const row = await repo.findPage(db, view.collection.id, pageId);
    if (!row || row.status === ItemStatus.Deleted) throw notFound(ContentErrors.PageNotFound);
    return { ...row, isOptional, components: row.components as Widget[] };
  }

  /** A widget of a lesson the caller may read (the draft's for `draft`), searched inside columns too. */
  async function readWidget(userId: number, ref: WidgetRef): Promise<Widget | undefined> {
    const { collection, facts } = await findForReadingOrThrow(ref.author_id, ref.collection_id);
    const viewer = await viewerFor(userId, collection);
    await requireInSubscription(viewer, collection, ref.draft ?? false);
    const view = await buildView(viewer, collection, ref.draft ?? false, facts);
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
    return find(page.components);
  }

  return {
    viewerOf,

    /** Throws the content 404s unless the caller may read the lesson and it holds the widget. */
    async requireWidget(userId: number, ref: WidgetRef): Promise<void> {
      if (!(await readWidget(userId, ref))) throw notFound(ContentErrors.WidgetNotFound);
    },

    /** The widget a reader call names, as the reader sees it; the same read check as `requireWidget`. */
    async readableWidget(userId: number, ref: WidgetRef): Promise<Widget> {
      const widget = await readWidget(userId, ref);
      if (!widget) throw notFound(ContentErrors.WidgetNotFound);
      return widget;
    },

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
            ...(manifest.prerequisites.length > 0 ? { prerequisites: manifest.prerequisites } : {}),
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

    async viewByCode(caller: number | Caller | null, encodedId: string): Promise<CollectionView> {
      const row = await repo.findCollectionForReading(db, { encodedId });
      if (!row) throw notFound(ContentErrors.NotFound);
      const { collection, ...facts } = row;
      const viewer = await viewerFor(caller, collection, 'cached');
      await requireInSubscription(viewer, collection, false);
      return buildView(viewer, collection, false, facts);
    },

    async viewById(caller: number | Caller | null, authorId: number, collectionId: number, draft: boolean) {
      const { collection, facts } = await findForReadingOrThrow(authorId, collectionId);
      const viewer = await viewerFor(caller, collection, 'cached');
      await requireInSubscription(viewer, collection, draft);
      return buildView(viewer, collection, draft, facts);
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
      caller: number | Caller | null,
      authorId: number,
      collectionId: number,
      pageId: number,
      draft: boolean,
    ) {
      const { collection, facts } = await findForReadingOrThrow(authorId, collectionId);
      const viewer = await viewerFor(caller, collection, 'cached');
      await requireInSubscription(viewer, collection, draft);
      const view = await buildView(viewer, collection, draft, facts);
      if (view.version) return { view, ...(await readPublishedPage(viewer, view, pageId)) };
      const page = await readPage(viewer, view, pageId);
      return { view, page, components: page.components.map(presentWidget) };
    },

    /** The stored code widget a run names, with its protected fields, if the caller may read it. */
    async codeWidget(userId: number, ref: WidgetRef): Promise<CodeWidgetContent> {
      const widget = await readWidget(userId, ref);
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

    /** The author of a collection of one work type, by its id alone (404 when missing, deleted or another kind). */
    async authorOf(collectionId: number, workType: WorkType): Promise<number> {
      const collection = await repo.findCollection(db, collectionId);
      if (!collection || collection.status === ItemStatus.Deleted || collection.workType !== workType) {
        throw notFound(ContentErrors.NotFound);
      }
      return collection.authorId;
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

    /**
     * The published courses that come before this one in a published path, in the path's order and each
     * once: the reader's "take these first".
     */
    async coursesBefore(collectionId: number): Promise<CollectionCard[]> {
      const before: number[] = [];
      for (const path of await repo.findPathsListing(db, collectionId)) {
        const at = path.courseIds.indexOf(collectionId);
        for (const id of path.courseIds.slice(0, Math.max(0, at))) {
          if (!before.includes(id)) before.push(id);
        }
      }
      const rows = await repo.findListingRows(db, before);
      const byId = new Map(
        rows
          .filter((row) => canReadPublished(null, row.collection))
          .map((row) => [row.collection.id, cardOf(row)] as const),
      );
      return before.flatMap((id) => byId.get(id) ?? []);
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

    /** A collection by id and the caller (or a visitor, null) as its viewer; missing or deleted is a 404. */
    async findWithViewer(caller: number | Caller | null, collectionId: number) {
      const collection = await repo.findCollection(db, collectionId);
      if (!collection || collection.status === ItemStatus.Deleted) throw notFound(ContentErrors.NotFound);
      return { viewer: await viewerFor(caller, collection), collection };
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

    /**
     * Which of these published lessons the user may open, as `collectionId:pageId` keys: the rule AI
     * search applies before it cites anything. A lesson passes what a read of it passes — the collection's
     * visibility (organizations included), then the lesson's own gate (previews, sign-in, editors, and an
     * entitlement for priced courses).
     */
    async readableLessons(
      userId: number | null,
      lessons: readonly { collectionId: number; pageId: number }[],
    ): Promise<Set<string>> {
      const readable = new Set<string>();
      const viewer = await viewerOf(userId);
      const pagesByCollection = new Map<number, Set<number>>();
      for (const { collectionId, pageId } of lessons) {
        const pages = pagesByCollection.get(collectionId) ?? new Set<number>();
        pages.add(pageId);
        pagesByCollection.set(collectionId, pages);
      }
      for (const [collectionId, pageIds] of pagesByCollection) {
        const collection = await repo.findCollection(db, collectionId);
        if (!collection) continue;
        const membership = viewer ? await memberships.find(collection.id, viewer.userId) : undefined;
        const asMember = viewer && membership ? { ...viewer, memberships: [membership] } : viewer;
        if (!canReadPublished(asMember, collection)) continue;
        const inSubscription =
          !organizations ||
          (asMember && canEditCollection(asMember, collection)) ||
          (await organizations.isVisibleTo(userId, scopedCollectionOf(collection)));
        if (!inSubscription) continue;
        const view = await buildView(asMember, collection, false).catch(refusedAsNull);
        if (!view) continue;
        for (const pageId of pageIds) {
          if (await lessonReadableBy(asMember, view, pageId).catch(refusedAsNull)) {
            readable.add(`${collectionId}:${pageId}`);
          }
        }
      }
      return readable;
    },

    async liveVersion(collectionId: number): Promise<repo.VersionRow | null> {
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
      if (expectedEtag !== undefined && !isCurrentEtag(row.etag, expectedEtag)) throw editConflict();
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
      if (!row) throw editConflict();
      return row;
    },

    insertDraftPage(
      tx: DbExecutor,
      collectionId: number,
      values: {
        title: string;
        summary?: string;
        estimatedMinutes?: number;
        components?: unknown[];
        itemType?: string;
      },
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
      throw editConflict();
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
      const version = await publish(tx, locked);
      await changes?.publish(tx, 'collection', collectionId);
      return version;
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
        await changes?.publish(tx, 'collection', collectionId);
      }
      return row;
    },

    /** Takes the live version offline (it becomes obsolete, 8004): readers get the 404 of a missing item. */
    async unpublishLive(tx: DbExecutor, collectionId: number): Promise<void> {
      await repo.markVersionsObsolete(tx, collectionId);
      await changes?.publish(tx, 'collection', collectionId);
    },

    /**
     * Takes a collection locked with lockDraft offline (103, 104) or back online (101). Only the status
     * moves: the draft's etag stays, so an editor's open form saves on; readers' caches hear it through
     * the feed (the row's trigger, and this notice for processes without one).
     */
    async setItemStatus(tx: DbExecutor, collectionId: number, status: ItemStatus): Promise<CollectionRow> {
      const row = await repo.updateCollection(tx, collectionId, { status }, clock.now());
      if (!row) throw notFound(ContentErrors.NotFound);
      await changes?.publish(tx, 'collection', collectionId);
      return row;
    },

    /** Marks a collection locked with lockDraft as deleted (102); its versions stop being readable. */
    async deleteCollection(tx: DbExecutor, collectionId: number): Promise<void> {
      const row = await repo.updateCollection(
        tx,
        collectionId,
        { status: ItemStatus.Deleted, etag: newEtag() },
        clock.now(),
      );
      if (!row) throw notFound(ContentErrors.NotFound);
      await changes?.publish(tx, 'collection', collectionId);
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
    learnerCount: row.learnerCount,
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
