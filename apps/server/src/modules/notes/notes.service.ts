import type {
  CreateNoteRequestSchema,
  Note,
  NotesAccessMapRequest,
  PageNotesQuerySchema,
  SearchNotesRequestSchema,
  SearchNotesResponse,
  UpdateNoteRequest,
  Widget,
  WorkWithNotes,
} from '@coderoom/contracts';
import { NOTES_SEARCH_PAGE_SIZE } from '@coderoom/domain';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import { isCurrentEtag, newEtag } from '../../platform/http/etag.js';
import type { ContentService } from '../content/content.service.js';
import { NoteErrors } from './notes.errors.js';
import { presentNote, presentWorkWithNotes } from './notes.presenter.js';
import * as repo from './notes.repository.js';

// Request shapes after parsing (defaults applied), as the routes hand them over.
type CreateNoteInput = z.output<typeof CreateNoteRequestSchema>;
type PageNotesInput = z.output<typeof PageNotesQuerySchema>;
type SearchNotesInput = z.output<typeof SearchNotesRequestSchema>;

export interface NotesDeps {
  db: Db;
  clock: Clock;
  /** Reading the lesson applies every access rule of the reader and gives the titles to keep. */
  content: Pick<ContentService, 'lesson' | 'viewById'>;
}

function containsWidget(widgets: Widget[], compId: string): boolean {
  return widgets.some(
    (widget) =>
      widget.comp_id === compId ||
      (widget.type === 'Columns' && containsWidget(widget.content.comps, compId)),
  );
}

export function createNotesService({ db, clock, content }: NotesDeps) {
  return {
    /** Highlights a range; highlighting the same range again answers the existing highlight. */
    async create(userId: number, input: CreateNoteInput): Promise<{ note: Note; created: boolean }> {
      const { view, page } = await content.lesson(
        userId,
        input.author_id,
        input.work_id,
        input.page_id,
        false,
      );
      if (!containsWidget(page.components, input.widget_id)) throw NoteErrors.widgetNotInLesson();
      const now = clock.now();
      const row = await repo.insertNote(db, {
        userId,
        authorId: input.author_id,
        workId: input.work_id,
        pageId: input.page_id,
        widgetId: input.widget_id,
        mdChildId: input.md_child_id,
        selectionId: input.selection_id,
        quote: input.quote,
        comment: input.comment,
        workTitle: view.card.title,
        pageTitle: page.title,
        createdAt: now,
        updatedAt: now,
      });
      if (row) return { note: presentNote(row), created: true };
      const existing = await repo.findNoteByAnchor(db, userId, {
        workId: input.work_id,
        pageId: input.page_id,
        widgetId: input.widget_id,
        mdChildId: input.md_child_id,
        selectionId: input.selection_id,
      });
      if (!existing) throw NoteErrors.highlightNotFound();
      return { note: presentNote(existing), created: false };
    },

    /** Changes the comment; with an eTag (the version the learner edited) only if it is still current. */
    async update(userId: number, input: UpdateNoteRequest, etag: string | null): Promise<Note> {
      const current = await repo.findOwnNote(db, userId, input.id);
      if (!current) throw NoteErrors.highlightNotFound();
      if (etag !== null && !isCurrentEtag(current.etag, etag)) throw NoteErrors.versionOutdated();
      const row = await repo.updateNoteComment(db, userId, input.id, current.etag, {
        comment: input.comment,
        etag: newEtag(),
        updatedAt: clock.now(),
      });
      // Changed or deleted between the read and the write: the client's copy is stale either way.
      if (!row) throw NoteErrors.versionOutdated();
      return presentNote(row);
    },

    /** Deletes the note; with an eTag, only the version the learner saw (a newer one is 505). */
    async remove(userId: number, noteId: number, etag: string | null): Promise<void> {
      if (await repo.deleteOwnNote(db, userId, noteId, etag)) return;
      if (etag !== null && (await repo.findOwnNote(db, userId, noteId))) throw NoteErrors.versionOutdated();
      throw NoteErrors.highlightNotFound();
    },

    async pageNotes(userId: number, query: PageNotesInput): Promise<Note[]> {
      const rows = await repo.listPageNotes(db, userId, {
        authorId: query.author_id,
        workId: query.work_id,
        pageId: query.page_id,
      });
      return rows.map(presentNote);
    },

    async search(userId: number, input: SearchNotesInput): Promise<SearchNotesResponse> {
      const { rows, total } = await repo.searchNotes(db, userId, {
        query: input.search_string,
        workId: input.work_id,
        limit: NOTES_SEARCH_PAGE_SIZE,
        offset: (input.page - 1) * NOTES_SEARCH_PAGE_SIZE,
      });
      return {
        notes: rows.map(presentNote),
        total,
        page: input.page,
        page_size: NOTES_SEARCH_PAGE_SIZE,
        total_pages: Math.ceil(total / NOTES_SEARCH_PAGE_SIZE),
      };
    },

    async worksWithNotes(userId: number): Promise<WorkWithNotes[]> {
      return (await repo.listWorksWithNotes(db, userId)).map(presentWorkWithNotes);
    },

    /** Notes can be kept on the works the learner can read; the rest answer false. */
    async accessMap(userId: number, input: NotesAccessMapRequest): Promise<Record<string, boolean>> {
      const entries = await Promise.all(
        input.works.map(async (work) => {
          try {
            await content.viewById(userId, work.author_id, work.work_id, false);
            return [String(work.work_id), true] as const;
          } catch (error) {
            if (error instanceof AppError) return [String(work.work_id), false] as const;
            throw error;
          }
        }),
      );
      return Object.fromEntries(entries);
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
