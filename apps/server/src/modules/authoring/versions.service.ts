import type {
  AuthorPageResponse,
  CollectionVersionsResponse,
  DiffSource,
  PageDiffResponse,
  RestorePageRequest,
  VersionPageResponse,
  Widget,
} from '@coderoom/contracts';
import { diffLines, diffWidgets } from '@coderoom/domain';
import type { CollectionRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { ContentErrors } from '../content/content.errors.js';
import type { Viewer } from '../content/content.policy.js';
import type { ContentService } from '../content/content.service.js';
import { AuthoringErrors } from './authoring.errors.js';
import { authoringAccess, canViewDraft } from './authoring.policy.js';
import type { AuthoringService } from './authoring.service.js';
import { presentVersionEntry, presentVersionPage } from './versions.presenter.js';

// Version history of the studio (docs/authoring.md "Version history"): published versions, a page's
// saved snapshots, diffs against the draft and restoring. Reading it takes what reading the studio
// takes; restoring is a page save, so it takes an editor and the page's current eTag.

export interface VersionsDeps {
  content: ContentService;
  authoring: AuthoringService;
}

type PageAddress = { authorId: number; collectionId: number; pageId: number };

/** The parts of a page a diff compares. estimated_minutes is not kept in snapshots. */
interface PageState {
  title: string;
  summary: string;
  estimated_minutes?: number;
  components: Widget[];
}

function diffPageStates(before: PageState, after: PageState) {
  const fields: PageDiffResponse['fields'] = [];
  if (before.title !== after.title)
    fields.push({ field: 'title', diff: diffLines(before.title, after.title) });
  if (before.summary !== after.summary) {
    fields.push({ field: 'summary', diff: diffLines(before.summary, after.summary) });
  }
  if (
    before.estimated_minutes !== undefined &&
    after.estimated_minutes !== undefined &&
    before.estimated_minutes !== after.estimated_minutes
  ) {
    fields.push({
      field: 'estimated_minutes',
      diff: diffLines(String(before.estimated_minutes), String(after.estimated_minutes)),
    });
  }
  const widgets = diffWidgets(before.components, after.components);
  return { fields, widgets };
}

export function createVersionsService({ content, authoring }: VersionsDeps) {
  /** The same rule as the studio's reads: editors and invited draft readers; 403 or 404 for others. */
  async function readableCollection(
    userId: number,
    authorId: number,
    collectionId: number,
  ): Promise<{ reader: Viewer; collection: CollectionRow }> {
    const { viewer, collection } = await content.findForAuthoring(userId, authorId, collectionId);
    if (viewer && canViewDraft(viewer, collection)) return { reader: viewer, collection };
    if (authoringAccess(viewer, collection) === 'read') throw forbidden(AuthoringErrors.NotAnEditor);
    throw notFound(ContentErrors.NotFound);
  }

  return {
    async listVersions(
      userId: number,
      authorId: number,
      collectionId: number,
      pageId?: number,
    ): Promise<CollectionVersionsResponse> {
      const { collection } = await readableCollection(userId, authorId, collectionId);
      const history = await content.versionHistory(collection.id);
      const entries = history.map(({ version, lessons }) => presentVersionEntry(version, lessons));
      if (pageId === undefined) return { versions: entries };

      // The draft page and its snapshots come through the studio's own calls (and their checks).
      const { page } = await authoring.getPage(userId, { authorId, collectionId, pageId });
      const { snapshots } = await authoring.listSnapshots(userId, authorId, collectionId, pageId);
      const copies = await content.pageInVersions(
        history.map(({ version }) => version.id),
        pageId,
      );
      return {
        versions: entries.map((entry, index) => {
          const copy = copies.get(history[index]?.version.id ?? 0);
          return { ...entry, page: copy ? presentVersionPage(copy) : null };
        }),
        page: { page_id: page.page_id, title: page.title, etag: page.etag, snapshots },
      };
    },

    async versionPage(
      userId: number,
      target: PageAddress & { versionNo: number },
    ): Promise<VersionPageResponse> {
      const { collection } = await readableCollection(userId, target.authorId, target.collectionId);
      const { version, page } = await content.publishedPage(collection.id, target.versionNo, target.pageId);
      const { lessons: _lessons, ...summary } = presentVersionEntry(version, []);
      return { version: summary, page: presentVersionPage(page) };
    },

    /** From a snapshot or a published copy of the page (old) to the current draft (new). */
    async diffPage(
      userId: number,
      target: PageAddress,
      against: { kind: 'snapshot' | 'version'; id: number },
    ): Promise<PageDiffResponse> {
      const { page: draft } = await authoring.getPage(userId, target);
      let before: PageState;
      let source: DiffSource;
      if (against.kind === 'snapshot') {
        const { snapshot } = await authoring.getSnapshot(
          userId,
          target.authorId,
          target.collectionId,
          target.pageId,
          against.id,
        );
        before = snapshot;
        source = {
          kind: 'snapshot',
          snapshot_id: snapshot.snapshot_id,
          saved_at: snapshot.saved_at,
          saved_by_name: snapshot.saved_by_name,
        };
      } else {
        const { version, page } = await content.publishedPage(draft.collection_id, against.id, target.pageId);
        before = presentVersionPage(page);
        source = {
          kind: 'version',
          version_no: version.versionNo,
          state: version.state,
          published_at: version.publishedAt?.toISOString() ?? null,
        };
      }
      const { fields, widgets } = diffPageStates(before, draft);
      return {
        against: source,
        draft: { page_id: draft.page_id, etag: draft.etag, updated_at: draft.updated_at },
        fields,
        widgets: widgets.widgets,
        unchanged_widgets: widgets.unchanged,
        has_changes: fields.length > 0 || widgets.widgets.length > 0,
      };
    },

    /**
     * Restoring is a save of the earlier content: it needs the page's current eTag (409 when stale),
     * goes through the same checks as any save and leaves a snapshot of its own.
     */
    async restorePage(
      userId: number,
      target: PageAddress,
      etag: string,
      request: RestorePageRequest,
    ): Promise<AuthorPageResponse> {
      if ('snapshot_id' in request) {
        return authoring.restoreSnapshot(userId, target, etag, request.snapshot_id);
      }
      const { collection } = await readableCollection(userId, target.authorId, target.collectionId);
      const { page } = await content.publishedPage(collection.id, request.version_no, target.pageId);
      // savePage refuses anyone who may only read the draft (403) before it writes anything.
      return authoring.savePage(userId, target, etag, {
        title: page.title,
        summary: page.summary,
        estimated_minutes: page.estimatedMinutes,
        components: page.components as Widget[],
      });
    },
  };
}

export type VersionsService = ReturnType<typeof createVersionsService>;
