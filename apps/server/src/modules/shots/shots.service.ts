import {
  type CreateShotResponse,
  type MyShot,
  type PublishShotResponse,
  type SaveShotRequestSchema,
  ShotAttributionListSchema,
  type ShotBookmarkResponse,
  type ShotDraftResponse,
  type ShotLikeResponse,
  type ShotListQuerySchema,
  type ShotListResponse,
  type ShotProps,
  type ShotResponse,
  type ShotSharesResponse,
  type Widget,
} from '@coderoom/contracts';
import {
  CategoryType,
  CourseReviewState,
  DefaultTitle,
  ErrorStatus,
  isCanonicalShotUrl,
  NEW_SHOT_TITLE,
  SHOT_PAGE_TYPE,
  SHOTS_PAGE_SIZE,
  ShotFieldMessages,
  ShotMessages,
  ShotStatus,
  SubmissionType,
  shotReadTime,
  WorkType,
} from '@coderoom/domain';
import type { z } from 'zod';
import type { CollectionRow, PageRow, ShotRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { AppError, forbidden, invalidInput, notFound } from '../../platform/http/errors.js';
import { editConflict, isCurrentEtag } from '../../platform/http/etag.js';
import type { UsersService } from '../accounts/users.service.js';
import {
  canEditCollection,
  canReadDraft,
  canReadPublished,
  LISTED_STATES,
} from '../content/content.policy.js';
import { presentWidget } from '../content/content.presenter.js';
import {
  type Caller,
  type ContentService,
  checkWidgetCounts,
  prepareWidget,
} from '../content/content.service.js';
import {
  presentCard,
  presentDraft,
  presentMine,
  presentShot,
  type ShotContentView,
} from './shots.presenter.js';
import * as repo from './shots.repository.js';

export interface ShotsDeps {
  db: Db;
  clock: Clock;
  content: ContentService;
  users: Pick<UsersService, 'findById' | 'findByEmail'>;
  /** The studio's page snapshots: every acknowledged save leaves one (authoring module). */
  snapshots?: { recordSnapshot(tx: DbExecutor, page: PageRow, savedBy: number): Promise<void> };
}

type SaveShot = z.output<typeof SaveShotRequestSchema>;
type ListQuery = z.output<typeof ShotListQuerySchema>;

const DIFFICULTY_TO_DISCOVERY: Record<number, 'beginner' | 'intermediate' | 'advanced'> = {
  1000: 'beginner',
  1001: 'intermediate',
  1002: 'advanced',
};

const shotNotFound = () => notFound(ShotMessages.NotFound);

function walk(widgets: Widget[], visit: (widget: Widget) => void) {
  for (const widget of widgets) {
    visit(widget);
    if (widget.type === 'Columns') walk(widget.content.comps as Widget[], visit);
  }
}

function wordsOf(widgets: Widget[]): { words: number; firstText: string } {
  let words = 0;
  let firstText = '';
  walk(widgets, (widget) => {
    const text =
      widget.type === 'MarkdownEditor'
        ? widget.content.text
        : widget.type === 'Code'
          ? widget.content.code
          : '';
    if (widget.type === 'MarkdownEditor' && firstText === '') firstText = widget.content.text;
    words += text.split(/\s+/).filter(Boolean).length;
  });
  return { words, firstText };
}

/** The first paragraph of the answer as plain text: the card's summary and the search's weight-C text. */
function summaryOf(markdown: string): string {
  const paragraph =
    markdown
      .split(/\n\s*\n/)
      .map((part) => part.trim())
      .find((part) => part !== '' && !part.startsWith('#') && !part.startsWith('```')) ?? '';
  // Emphasis and heading marks go; text inside `code` stays as written ({**a, **b} keeps its stars).
  const plain = paragraph
    .split('`')
    .map((part, index) =>
      index % 2 === 1 ? part : part.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_>#]/g, ''),
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 200 ? `${plain.slice(0, 197).trimEnd()}…` : plain;
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

export function createShotsService({ db, clock, content, users, snapshots }: ShotsDeps) {
  async function shotOrThrow(shotId: number): Promise<ShotRow> {
    const shot = await repo.findShot(db, shotId);
    if (!shot) throw shotNotFound();
    return shot;
  }

  /** The shot's collection and the caller as a viewer of it (deleted ones are missing). */
  async function collectionOf(caller: number | Caller | null, shot: ShotRow) {
    return content.findWithViewer(caller, shot.collectionId).catch((error: unknown) => {
      if (error instanceof AppError && error.status === ErrorStatus.NotFound) throw shotNotFound();
      throw error;
    });
  }

  /** Editors (author, platform admins, editor collaborators) write; others get 403 or, if it is hidden, 404. */
  async function editable(userId: number, shotId: number) {
    const shot = await shotOrThrow(shotId);
    const { collection, viewer } = await collectionOf(userId, shot);
    if (!canEditCollection(viewer, collection)) {
      if (canReadPublished(viewer, collection) && (await content.liveVersion(collection.id)))
        throw forbidden();
      throw shotNotFound();
    }
    return { shot, collection, viewer };
  }

  function isDraftViewer(shot: ShotRow, userId: number | null): boolean {
    return userId !== null && shot.draftViewers.includes(userId);
  }

  async function authorName(authorId: number): Promise<string> {
    return (await users.findById(authorId))?.fullName ?? 'Deleted User';
  }

  async function readPublished(caller: number | Caller | null, shot: ShotRow): Promise<ShotResponse> {
    const authorId = await content.authorOf(shot.collectionId, WorkType.Answer).catch(() => {
      throw shotNotFound();
    });
    const { view, page, components } = await content
      .lesson(caller, authorId, shot.collectionId, shot.pageId, false)
      .catch((error: unknown) => {
        if (error instanceof AppError && error.status === ErrorStatus.NotFound) throw shotNotFound();
        throw error;
      });
    return presentShot(
      {
        shot,
        authorId,
        authorName: view.card.author_name,
        title: page.title,
        tags: view.version?.tags ?? [],
        publishedAt: view.version?.publishedAt ?? null,
      },
      ShotStatus.Published,
      components,
    );
  }

  async function draftView(shot: ShotRow, collection: CollectionRow): Promise<ShotContentView> {
    return {
      shot,
      authorId: collection.authorId,
      authorName: await authorName(collection.authorId),
      title: collection.title,
      tags: collection.tags,
      publishedAt: (await content.liveVersion(collection.id))?.publishedAt ?? null,
    };
  }

  /** The draft: editors get every field of every widget (they edit them); invited readers the reader's view. */
  async function readDraft(
    caller: number | Caller | null,
    shot: ShotRow,
  ): Promise<ShotResponse | ShotDraftResponse> {
    const userId = caller === null ? null : typeof caller === 'number' ? caller : caller.userId;
    if (userId === null) throw shotNotFound();
    const { collection, viewer } = await collectionOf(caller, shot);
    const page = await content.draftPage(collection.id, shot.pageId);
    const view = await draftView(shot, collection);
    if (canEditCollection(viewer, collection)) {
      return presentDraft(view, page.components as Widget[], page.etag);
    }
    if (!canReadDraft(viewer, collection) && !isDraftViewer(shot, userId)) throw shotNotFound();
    return presentShot(view, ShotStatus.Draft, (page.components as Widget[]).map(presentWidget));
  }

  async function read(caller: number | Caller | null, shot: ShotRow, status: ShotStatus) {
    return status === ShotStatus.Draft ? readDraft(caller, shot) : readPublished(caller, shot);
  }

  /** A published shot the caller may read (likes, bookmarks, shares); anything else is the shot's 404. */
  async function readableLive(userId: number | null, shotId: number): Promise<ShotRow> {
    const shot = await shotOrThrow(shotId);
    const readable = await content.readableLessons(userId, [
      { collectionId: shot.collectionId, pageId: shot.pageId },
    ]);
    if (!readable.has(`${shot.collectionId}:${shot.pageId}`)) throw shotNotFound();
    return shot;
  }

  function checkUrl(url: string) {
    if (!isCanonicalShotUrl(url)) {
      throw new AppError(ErrorStatus.OperationNotAllowed, ShotMessages.InvalidCanonicalUrl, {
        url: ShotMessages.InvalidCanonicalUrl,
      });
    }
  }

  const urlTaken = () =>
    new AppError(ErrorStatus.AlreadyExists, ShotMessages.UrlTaken, { url: ShotMessages.UrlTaken });

  return {
    /** POST /api/edpresso/shot/id: a new draft answer (a collection of work type answer with one page). */
    async create(userId: number, title: string | undefined): Promise<CreateShotResponse> {
      const collection = await content.createDraftCollection({
        authorId: userId,
        workType: WorkType.Answer,
        courseType: null,
        title: title || NEW_SHOT_TITLE,
        isPrivate: false,
        organizationId: null,
        isPlan: false,
        isTemplate: false,
        isGlobal: false,
        collaborativeEditing: false,
      });
      return db.transaction(async (tx) => {
        const locked = await content.lockDraft(tx, collection.id);
        const page = await content.insertDraftPage(tx, collection.id, {
          title: locked.title,
          estimatedMinutes: 1,
          itemType: SHOT_PAGE_TYPE,
        });
        await content.writeDraftCollection(tx, locked, {
          // Readers of a shot are everyone: its one page is a preview page.
          toc: [
            {
              title: DefaultTitle.HiddenCategory,
              type: CategoryType.Collection,
              pages: [{ page_id: page.id, is_optional: false, is_preview: true }],
            },
          ],
        });
        const shot = await repo.insertShot(tx, {
          collectionId: collection.id,
          pageId: page.id,
          url: `answer-${collection.id}`,
          createdAt: clock.now(),
        });
        return { shotId: shot.collectionId, url: shot.url, etag: page.etag };
      });
    },

    async read(caller: number | Caller | null, shotId: number, status: ShotStatus) {
      return read(caller, await shotOrThrow(shotId), status);
    },

    async readByUrl(caller: number | Caller | null, url: string, status: ShotStatus) {
      const shot = await repo.findShotByUrl(db, url);
      if (!shot) throw shotNotFound();
      return read(caller, shot, status);
    },

    async props(caller: Caller | null, shotId: number, status: ShotStatus): Promise<ShotProps> {
      const shot = await shotOrThrow(shotId);
      // The same read rule as the shot itself: a caller who may not read it learns nothing of it.
      await read(caller, shot, status);
      const { collection, viewer } = await collectionOf(caller, shot);
      const canEdit = canEditCollection(viewer, collection);
      const flags = caller ? await repo.readerFlags(db, shot.collectionId, caller.userId) : null;
      const viewers = canEdit
        ? (await Promise.all(shot.draftViewers.map((id) => users.findById(id)))).flatMap((user) =>
            user ? [user.email] : [],
          )
        : [];
      const live = await content.liveVersion(collection.id);
      return {
        tags: status === ShotStatus.Published && live ? live.tags : collection.tags,
        programmingTags: shot.programmingTags,
        topicTags: shot.topicTags,
        isBookmarkedByReader: flags?.bookmarked ?? false,
        isLikedByReader: flags?.liked ?? false,
        shotLikes: await repo.countLikes(db, shot.collectionId),
        shares: shot.shares,
        attributions: shot.attributions,
        draftViewers: viewers,
        license: shot.license,
        difficulty: shot.difficulty,
        isShotApprovedForPublish: LISTED_STATES.includes(collection.reviewState),
        isPublished: live !== null,
        reviewState: collection.reviewState,
        canEdit,
      };
    },

    /** PUT /api/edpresso/shot/{id}: replaces the draft, compare-and-set on the page's eTag. */
    async save(userId: number, shotId: number, etag: string, input: SaveShot): Promise<ShotDraftResponse> {
      const { shot, collection } = await editable(userId, shotId);
      checkUrl(input.url);
      const holder = await repo.findShotByUrl(db, input.url);
      if (holder && holder.collectionId !== shot.collectionId) throw urlTaken();
      const seen = new Set<string>();
      walk(input.components, (widget) => {
        if (seen.has(widget.comp_id)) throw invalidInput({ components: ShotFieldMessages.DuplicateCompId });
        seen.add(widget.comp_id);
      });
      checkWidgetCounts(input.components);
      const components = input.components.map(prepareWidget);
      const draftViewers: number[] = [];
      for (const email of input.draft_viewers ?? []) {
        const user = await users.findByEmail(email);
        if (!user) throw invalidInput({ draft_viewers: ShotMessages.UnknownDraftViewer });
        if (!draftViewers.includes(user.id)) draftViewers.push(user.id);
      }
      const { words, firstText } = wordsOf(components);
      const readTime = shotReadTime(words);
      const summary = summaryOf(firstText);
      try {
        const result = await db.transaction(async (tx) => {
          // Collection first, then page: the content model's lock order.
          const locked = await content.lockDraft(tx, collection.id);
          const page = await content.saveDraftPage(tx, collection.id, shot.pageId, etag, {
            title: input.title,
            summary,
            estimatedMinutes: readTime,
            components,
          });
          const updated = await content.writeDraftCollection(tx, locked, {
            title: input.title,
            summary,
            tags: input.tags,
            languageTopic: input.programming_tags[0] ?? null,
            difficulty: DIFFICULTY_TO_DISCOVERY[input.difficulty] ?? 'beginner',
          });
          const row = await repo.updateShot(tx, shot.collectionId, {
            url: input.url,
            license: input.license,
            difficulty: input.difficulty,
            programmingTags: input.programming_tags,
            topicTags: input.topic_tags,
            readTime,
            ...(input.docker ? { docker: input.docker } : {}),
            ...(input.draft_viewers ? { draftViewers } : {}),
          });
          if (!row) throw shotNotFound();
          await snapshots?.recordSnapshot(tx, page, userId);
          return { row, updated, page };
        });
        // Read after the commit: PGlite has one connection, which the transaction holds until then.
        return presentDraft(
          {
            shot: result.row,
            authorId: result.updated.authorId,
            authorName: await authorName(result.updated.authorId),
            title: result.updated.title,
            tags: result.updated.tags,
            publishedAt: (await content.liveVersion(result.updated.id))?.publishedAt ?? null,
          },
          result.page.components as Widget[],
          result.page.etag,
        );
      } catch (error) {
        // Two drafts claiming the same url at once: the unique index decides.
        if (isUniqueViolation(error)) throw urlTaken();
        throw error;
      }
    },

    /** DELETE /api/edpresso/shot/{id}: the draft and its published version go (status 102). */
    async remove(userId: number, shotId: number, etag: string): Promise<{ ok: true }> {
      const { shot, collection } = await editable(userId, shotId);
      await db.transaction(async (tx) => {
        await content.lockDraft(tx, collection.id);
        const page = await content.draftPage(collection.id, shot.pageId, tx);
        if (!isCurrentEtag(page.etag, etag)) throw editConflict();
        await content.unpublishLive(tx, collection.id);
        await content.deleteCollection(tx, collection.id);
        await repo.updateShot(tx, shot.collectionId, { deleted: true });
      });
      return { ok: true };
    },

    async updateAttributions(userId: number, shotId: number, json: string) {
      const { shot } = await editable(userId, shotId);
      let parsed: unknown;
      try {
        parsed = JSON.parse(json);
      } catch {
        throw invalidInput({ attributions: ShotMessages.InvalidAttributions });
      }
      const result = ShotAttributionListSchema.safeParse(parsed);
      if (!result.success) throw invalidInput({ attributions: ShotMessages.InvalidAttributions });
      const row = await repo.updateShot(db, shot.collectionId, { attributions: result.data });
      return { attributions: row?.attributions ?? result.data };
    },

    /**
     * Publishing snapshots the draft as the live version. A shot an admin has not approved yet goes to
     * the review queue (3002) and readers see it once approved; after that every publish is live at once.
     */
    async publish(userId: number, shotId: number): Promise<PublishShotResponse> {
      const { shot, collection } = await editable(userId, shotId);
      const page = await content.draftPage(collection.id, shot.pageId);
      if ((page.components as unknown[]).length === 0) {
        throw invalidInput({ components: ShotFieldMessages.EmptyContent });
      }
      return db.transaction(async (tx) => {
        const locked = await content.lockDraft(tx, collection.id);
        await content.publishDraft(tx, collection.id);
        if (LISTED_STATES.includes(locked.reviewState)) {
          return { shotId, state: 'published' as const, reviewState: locked.reviewState };
        }
        if (locked.reviewState === CourseReviewState.SubmittedForReview) {
          return { shotId, state: 'in_review' as const, reviewState: locked.reviewState };
        }
        const submission = locked.submissionType === null ? SubmissionType.New : SubmissionType.ReSubmission;
        const updated = await content.setReviewState(
          tx,
          collection.id,
          CourseReviewState.SubmittedForReview,
          submission,
        );
        return { shotId, state: 'in_review' as const, reviewState: updated.reviewState };
      });
    },

    async unpublish(userId: number, shotId: number): Promise<{ shotId: number; isPublished: false }> {
      const { collection } = await editable(userId, shotId);
      await db.transaction(async (tx) => {
        await content.lockDraft(tx, collection.id);
        await content.unpublishLive(tx, collection.id);
      });
      return { shotId, isPublished: false };
    },

    async like(userId: number, shotId: number, liked: boolean): Promise<ShotLikeResponse> {
      const shot = await readableLive(userId, shotId);
      if (liked) await repo.addLike(db, shot.collectionId, userId, clock.now());
      else await repo.removeLike(db, shot.collectionId, userId);
      return { shotLikes: await repo.countLikes(db, shot.collectionId), isLikedByReader: liked };
    },

    async bookmark(userId: number, shotId: number, on: boolean): Promise<ShotBookmarkResponse> {
      const shot = await readableLive(userId, shotId);
      if (on) await repo.addBookmark(db, shot.collectionId, userId, clock.now());
      else await repo.removeBookmark(db, shot.collectionId, userId);
      return { isBookmarkedByReader: on };
    },

    async share(userId: number | null, shotId: number): Promise<ShotSharesResponse> {
      const shot = await readableLive(userId, shotId);
      return { shares: await repo.addShare(db, shot.collectionId) };
    },

    async list(query: ListQuery): Promise<ShotListResponse> {
      const reviewStates = [...LISTED_STATES];
      const { rows, total } = await repo.listPublishedShots(db, {
        search: query.search_string,
        tag: query.tag ?? null,
        topic: query.topic ?? null,
        sort: query.sort,
        reviewStates,
        limit: SHOTS_PAGE_SIZE,
        offset: (query.page - 1) * SHOTS_PAGE_SIZE,
      });
      const tags = await repo.listedTopicTags(db, reviewStates, 24);
      return { items: rows.map(presentCard), total, page: query.page, page_size: SHOTS_PAGE_SIZE, tags };
    },

    async mine(userId: number): Promise<{ items: MyShot[] }> {
      return { items: (await repo.findShotsOfAuthor(db, userId)).map(presentMine) };
    },
  };
}

export type ShotsService = ReturnType<typeof createShotsService>;
