import { PageComponentsSchema, type Widget } from '@coderoom/contracts';
import { ErrorStatus } from '@coderoom/domain';
import * as Y from 'yjs';
import type { PageRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import { newEtag } from '../../platform/http/etag.js';
import type { AuthoringService, DraftPageWrite } from '../authoring/authoring.service.js';
import { type ContentService, checkWidgetCounts, prepareWidget } from '../content/content.service.js';
import {
  applyDocument,
  differsFrom,
  documentNameOf,
  META_MAP,
  type PageDocumentAddress,
  parseDocumentName,
  STRUCTURE_KEY,
  seedDocument,
  takeSavedTexts,
} from './collab.document.js';
import { CollabErrors } from './collab.errors.js';
import { collabAccess } from './collab.policy.js';
import * as repo from './collab.repository.js';

export interface CollabDeps {
  db: Db;
  clock: Clock;
  content: ContentService;
  authoring: AuthoringService;
  /**
   * Work documents (`work:{id}`, modules/work) share this collab server; the work module hands over how to
   * authorise, load and store them, so collab does not depend on it.
   */
  workDocuments?: {
    authorize(userId: number, itemId: number): Promise<'write' | 'read'>;
    load(itemId: number, doc: Y.Doc): Promise<void>;
    store(itemId: number, doc: Y.Doc, userId: number | null, isLastEditor: boolean): Promise<void>;
  };
}

const WORK_DOCUMENT_NAME = /^work:([1-9][0-9]{0,15})$/;

/** The work item of a `work:{id}` document name; null for every other name. */
function workItemOf(name: string): number | null {
  const match = WORK_DOCUMENT_NAME.exec(name);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) ? id : null;
}

/** Co-editing leaves a snapshot at most this often per lesson, and when its last editor leaves. */
const SNAPSHOT_INTERVAL_MS = 60_000;
/** A structure save landing between our read and our write makes the write retry this many times. */
const WRITE_ATTEMPTS = 3;

function addressOf(name: string): PageDocumentAddress {
  const address = parseDocumentName(name);
  if (!address) throw notFound(CollabErrors.UnknownDocument);
  return address;
}

/** The draft's widgets with the document's Markdown, rendered; null when they would not pass a save. */
function componentsFrom(doc: Y.Doc, page: PageRow): Widget[] | null {
  const merged = applyDocument(doc, page.components as Widget[]);
  const checked = PageComponentsSchema.safeParse(merged);
  if (!checked.success) return null;
  try {
    checkWidgetCounts(checked.data);
    return checked.data.map(prepareWidget);
  } catch {
    return null;
  }
}

export function createCollabService({ db, clock, content, authoring, workDocuments }: CollabDeps) {
  const lastSnapshotAt = new Map<string, number>();

  async function draftOrNull(address: PageDocumentAddress, executor: DbExecutor = db) {
    try {
      return await content.draftPage(address.collectionId, address.pageId, executor);
    } catch (error) {
      if (error instanceof AppError && error.status === ErrorStatus.NotFound) return null;
      throw error;
    }
  }

  return {
    /**
     * Checked for every document a connection opens: the lesson exists, its course has collaborative
     * editing on, and the caller may write its draft ('write') or only read it ('read').
     */
    async authorize(userId: number, name: string): Promise<'write' | 'read'> {
      const workItemId = workItemOf(name);
      if (workItemId !== null && workDocuments) return workDocuments.authorize(userId, workItemId);
      const address = addressOf(name);
      const { viewer, collection } = await content.findForAuthoring(
        userId,
        address.authorId,
        address.collectionId,
      );
      const access = collabAccess(viewer, collection);
      if (access === 'none') throw notFound(CollabErrors.UnknownDocument);
      if (!collection.collaborativeEditing) throw forbidden(CollabErrors.NotCollaborative);
      if (!(await draftOrNull(address))) throw notFound(CollabErrors.UnknownDocument);
      return access;
    },

    /** The live document a page write concerns. */
    documentNameOf(write: DraftPageWrite): string {
      return documentNameOf(write);
    },

    /**
     * Brings an open document in line with a page save made outside it (see takeSavedTexts) and tells
     * its editors to reload the widget list and title. A save from an editor of the document itself
     * changes nothing here: its texts are its copy of the live ones, and it announces its structure
     * itself.
     */
    followSave(doc: Y.Doc, write: DraftPageWrite): void {
      if (write.isFromLiveSession) return;
      doc.transact(() => {
        takeSavedTexts(doc, write.before, write.page.components as Widget[]);
        doc.getMap(META_MAP).set(STRUCTURE_KEY, write.page.etag);
      });
    },

    /**
     * Fills `doc` from its stored state, then from the draft (see seedDocument). What seeding added is
     * stored at once, so every later client merges into the same Y.Text items.
     */
    async load(name: string, doc: Y.Doc): Promise<void> {
      const workItemId = workItemOf(name);
      if (workItemId !== null && workDocuments) return workDocuments.load(workItemId, doc);
      const address = addressOf(name);
      const page = await draftOrNull(address);
      if (!page) throw notFound(CollabErrors.UnknownDocument);
      const row = await repo.findDocument(db, name);
      if (!row) {
        // First open: two processes opening it at the same moment would each seed their own Y.Texts
        // under the same keys, and the edits typed into the losing ones would vanish when they sync.
        // The first seed stored wins and both start from it.
        const seed = new Y.Doc();
        seedDocument(seed, page.components as Widget[], false);
        const stored = await repo.insertFirstDocument(db, {
          name,
          pageId: page.id,
          state: Y.encodeStateAsUpdate(seed),
          pageEtag: page.etag,
          etag: newEtag(),
          updatedBy: null,
          updatedAt: clock.now(),
        });
        seed.destroy();
        Y.applyUpdate(doc, stored.state);
        return;
      }
      Y.applyUpdate(doc, row.state);
      const before = Y.encodeStateVector(doc);
      seedDocument(doc, page.components as Widget[], row !== undefined && row.pageEtag !== page.etag);
      const seeded = Y.encodeStateAsUpdate(doc, before);
      // An empty update is two zero bytes: nothing was added.
      if (seeded.length > 2) {
        await repo.upsertDocument(db, {
          name,
          pageId: page.id,
          state: Y.encodeStateAsUpdate(doc),
          pageEtag: page.etag,
          etag: newEtag(),
          updatedBy: row.updatedBy,
          updatedAt: clock.now(),
        });
      }
    },

    /**
     * Stores the document and writes its Markdown into the draft, in one transaction. The draft write
     * is a compare-and-set on the eTag just read, so a structure save that lands in between is kept
     * (we retry on top of it) and a stale save made elsewhere gets the usual 409.
     */
    async store(name: string, doc: Y.Doc, userId: number | null, isLastEditor: boolean): Promise<void> {
      const workItemId = workItemOf(name);
      if (workItemId !== null && workDocuments)
        return workDocuments.store(workItemId, doc, userId, isLastEditor);
      const address = addressOf(name);
      const now = clock.now().getTime();
      const isSnapshotDue =
        userId !== null && (isLastEditor || now - (lastSnapshotAt.get(name) ?? 0) >= SNAPSHOT_INTERVAL_MS);
      for (let attempt = 1; ; attempt += 1) {
        try {
          await db.transaction(async (tx) => {
            const page = await draftOrNull(address, tx);
            // A deleted lesson keeps its document (the page row stays, marked deleted) but no draft write.
            if (!page) {
              const row = await repo.findDocument(tx, name);
              if (!row) return;
            }
            // Widgets a structure save added since the load (by a client that did not create their
            // texts itself) join the document, so everyone can co-edit them.
            if (page) seedDocument(doc, page.components as Widget[], false);
            let pageEtag = page?.etag ?? null;
            const components =
              page && differsFrom(doc, page.components as Widget[]) ? componentsFrom(doc, page) : null;
            if (page && components) {
              const saved = await content.saveDraftPage(tx, address.collectionId, page.id, page.etag, {
                components,
              });
              pageEtag = saved.etag;
              if (isSnapshotDue && userId !== null) {
                await authoring.recordSnapshot(tx, saved, userId);
                lastSnapshotAt.set(name, now);
              }
            }
            await repo.upsertDocument(tx, {
              name,
              pageId: address.pageId,
              state: Y.encodeStateAsUpdate(doc),
              pageEtag,
              etag: newEtag(),
              updatedBy: userId,
              updatedAt: clock.now(),
            });
          });
          if (isLastEditor) lastSnapshotAt.delete(name);
          return;
        } catch (error) {
          const isStale = error instanceof AppError && error.status === ErrorStatus.AlreadyExists;
          if (!isStale || attempt >= WRITE_ATTEMPTS) throw error;
        }
      }
    },
  };
}

export type CollabService = ReturnType<typeof createCollabService>;
