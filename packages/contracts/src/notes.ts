import { NOTES_SEARCH_PAGE_SIZE, SEARCH_STRING_MAX_LENGTH } from '@coderoom/domain';
import { z } from 'zod';

// Notes and highlights (spec 000 §3 "Notes and highlights", §7 "User data"). A highlight is anchored on
// one Markdown block of one widget: widget_id is the widget's comp_id, md_child_id the block's
// data-md-child-id and selection_id the character range "start-end" within that block's text.

export const QUOTE_MAX_LENGTH = 2000;
export const NOTE_COMMENT_MAX_LENGTH = 5000;
export const NOTES_ACCESS_MAP_MAX_WORKS = 50;

const id = z.number().int().positive();
const queryId = z.coerce.number().int().positive();
const commentTooLong = `must be at most ${NOTE_COMMENT_MAX_LENGTH} characters`;

/** "start-end", character offsets within the block's text, start before end. */
export const SELECTION_ID_PATTERN = /^(\d{1,7})-(\d{1,7})$/;

export function parseSelectionId(selectionId: string): { start: number; end: number } | null {
  const match = SELECTION_ID_PATTERN.exec(selectionId);
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  return start < end ? { start, end } : null;
}

export function formatSelectionId(start: number, end: number): string {
  return `${start}-${end}`;
}

export const CreateNoteRequestSchema = z.strictObject({
  author_id: id,
  work_id: id,
  page_id: id,
  widget_id: z.string().trim().min(1, "can't be blank").max(100, 'must be at most 100 characters'),
  md_child_id: z.string().trim().min(1, "can't be blank").max(50, 'must be at most 50 characters'),
  selection_id: z
    .string()
    .refine((value) => parseSelectionId(value) !== null, 'must be "start-end" with start before end'),
  quote: z
    .string()
    .trim()
    .min(1, "can't be blank")
    .max(QUOTE_MAX_LENGTH, `must be at most ${QUOTE_MAX_LENGTH} characters`),
  comment: z.string().max(NOTE_COMMENT_MAX_LENGTH, commentTooLong).default(''),
});
export type CreateNoteRequest = z.input<typeof CreateNoteRequestSchema>;

/**
 * An edit changes the note only. The note's eTag the client last saw travels in the eTag header (when
 * sent, an outdated one answers 505 'Version outdated').
 */
export const UpdateNoteRequestSchema = z.strictObject({
  id,
  comment: z.string().max(NOTE_COMMENT_MAX_LENGTH, commentTooLong),
});
export type UpdateNoteRequest = z.infer<typeof UpdateNoteRequestSchema>;

/** GET /api/userdata/notes-and-highlights: the caller's highlights on one lesson. */
export const PageNotesQuerySchema = z.strictObject({
  author_id: queryId,
  work_id: queryId,
  page_id: queryId,
});
export type PageNotesQuery = z.input<typeof PageNotesQuerySchema>;

export const DeleteNoteQuerySchema = z.strictObject({ id: queryId });

/** POST /api/userdata/notes-and-highlights: search over the quoted text and the note. */
export const SearchNotesRequestSchema = z.strictObject({
  search_string: z
    .string()
    .default('')
    .transform((value) => value.trim().slice(0, SEARCH_STRING_MAX_LENGTH)),
  work_id: id.optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type SearchNotesRequest = z.input<typeof SearchNotesRequestSchema>;

export const NotesAccessMapRequestSchema = z.strictObject({
  works: z
    .array(z.strictObject({ author_id: id, work_id: id }))
    .min(1)
    .max(NOTES_ACCESS_MAP_MAX_WORKS),
});
export type NotesAccessMapRequest = z.infer<typeof NotesAccessMapRequestSchema>;

export const NoteSchema = z.object({
  id: z.number(),
  author_id: z.number(),
  work_id: z.number(),
  page_id: z.number(),
  widget_id: z.string(),
  md_child_id: z.string(),
  selection_id: z.string(),
  quote: z.string(),
  comment: z.string(),
  /** The note's version: send it back in the eTag header of an edit or a delete. */
  etag: z.string(),
  work_title: z.string(),
  page_title: z.string(),
  /** The lesson, scrolled to the widget: /collection/page/{author_id}/{work_id}/{page_id}#{widget_id}. */
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Note = z.infer<typeof NoteSchema>;

export const NoteResponseSchema = z.object({ note: NoteSchema });
export type NoteResponse = z.infer<typeof NoteResponseSchema>;

export const PageNotesResponseSchema = z.object({ notes: z.array(NoteSchema) });
export type PageNotesResponse = z.infer<typeof PageNotesResponseSchema>;

export const SearchNotesResponseSchema = z.object({
  notes: z.array(NoteSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.literal(NOTES_SEARCH_PAGE_SIZE),
  total_pages: z.number(),
});
export type SearchNotesResponse = z.infer<typeof SearchNotesResponseSchema>;

export const WorkWithNotesSchema = z.object({
  author_id: z.number(),
  work_id: z.number(),
  work_title: z.string(),
  notes_count: z.number(),
  last_updated_at: z.string(),
});
export type WorkWithNotes = z.infer<typeof WorkWithNotesSchema>;
export const WorksWithNotesResponseSchema = z.object({ works: z.array(WorkWithNotesSchema) });
export type WorksWithNotesResponse = z.infer<typeof WorksWithNotesResponseSchema>;

/** Work id → whether the caller may keep notes on it (they can read it). */
export const NotesAccessMapResponseSchema = z.object({ access_map: z.record(z.string(), z.boolean()) });
export type NotesAccessMapResponse = z.infer<typeof NotesAccessMapResponseSchema>;
