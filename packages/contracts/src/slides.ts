import { z } from 'zod';

// POST/GET /api/slides/data (spec 000 §7): a learner's place in one slides widget (CanvasAnimation) of a
// lesson. The spec names only the calls; the shape is ours (docs/reader-calls.md).

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const compId = z.string().min(1, "can't be blank").max(64, 'must be at most 64 characters');

/** POST /api/slides/data: the frame the learner is on (0-based); frames seen accumulate on the server. */
export const SlidesDataRequestSchema = z.strictObject({
  author_id: id,
  collection_id: id,
  page_id: id,
  comp_id: compId,
  frame: z.number().min(0, 'must not be negative').refine(Number.isInteger, 'must be a whole number'),
});
export type SlidesDataRequest = z.infer<typeof SlidesDataRequestSchema>;

/** GET /api/slides/data?author_id=&collection_id=&page_id=&comp_id=. */
export const SlidesDataQuerySchema = z.strictObject({
  author_id: queryId,
  collection_id: queryId,
  page_id: queryId,
  comp_id: compId,
});
export type SlidesDataQuery = z.infer<typeof SlidesDataQuerySchema>;

/** Both calls answer the learner's state; one who never opened the widget is on frame 0 with none seen. */
export const SlidesDataSchema = z.object({
  comp_id: z.string(),
  frame: z.number().int(),
  /** 0-based indexes, ascending. */
  frames_seen: z.array(z.number().int()),
  frame_count: z.number().int(),
  /** Every frame has been seen. */
  completed: z.boolean(),
  /** When the learner last moved; null before the first save. */
  updated_at: z.string().nullable(),
});
export type SlidesData = z.infer<typeof SlidesDataSchema>;
