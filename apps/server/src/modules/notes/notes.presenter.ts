import type { Note, WorkWithNotes } from '@coderoom/contracts';
import type { NoteHighlightRow } from '../../db/schema.js';
import { lessonUrl } from '../content/content.presenter.js';
import type { WorkWithNotesRow } from './notes.repository.js';

export function presentNote(row: NoteHighlightRow): Note {
  return {
    id: row.id,
    author_id: row.authorId,
    work_id: row.workId,
    page_id: row.pageId,
    widget_id: row.widgetId,
    md_child_id: row.mdChildId,
    selection_id: row.selectionId,
    quote: row.quote,
    comment: row.comment,
    etag: row.etag,
    work_title: row.workTitle,
    page_title: row.pageTitle,
    url: `${lessonUrl(row.authorId, row.workId, row.pageId)}#${encodeURIComponent(row.widgetId)}`,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentWorkWithNotes(row: WorkWithNotesRow): WorkWithNotes {
  return {
    author_id: row.authorId,
    work_id: row.workId,
    work_title: row.workTitle,
    notes_count: row.notesCount,
    last_updated_at: (row.lastUpdatedAt ?? new Date(0)).toISOString(),
  };
}
