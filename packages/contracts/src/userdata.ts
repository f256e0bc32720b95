import { LIVE_INTERACTIONS, LiveInteractionLimits, PageType } from '@coderoom/domain';
import { z } from 'zod';

// Per-user key/value maps and page read time (spec 000 §3 "Widget user data", §7 "User data").

/**
 * The maps a client may read and write. collection, shot, blog and document hold widget user data
 * ({ timestamp, userdata, item_type } per widget); project and cloud_lab the completion maps.
 */
export const USER_MAP_NAMES = [
  'collection',
  'shot',
  'blog',
  'document',
  'project',
  'cloud_lab',
  'widget',
] as const;
export const UserMapNameSchema = z.enum(USER_MAP_NAMES);
export type UserMapName = z.infer<typeof UserMapNameSchema>;

export const USER_MAP_KEY_MAX_LENGTH = 256;
/** One value, as JSON text. */
export const USER_MAP_VALUE_MAX_BYTES = 64 * 1024;
export const USER_MAP_KEYS_PER_REQUEST = 100;
/** One map of one learner, all values together, as JSON text. */
export const USER_MAP_MAX_BYTES = 2 * 1024 * 1024;

const mapKey = z
  .string()
  .min(1, "can't be blank")
  .max(USER_MAP_KEY_MAX_LENGTH, `must be at most ${USER_MAP_KEY_MAX_LENGTH} characters`);
const mapKeys = z
  .array(mapKey)
  .min(1, 'name at least one key')
  .max(USER_MAP_KEYS_PER_REQUEST, `name at most ${USER_MAP_KEYS_PER_REQUEST} keys`);

export const UserMapParamsSchema = z.strictObject({ name: UserMapNameSchema });

/** POST /api/userdata/maps/get_values. */
export const MapValuesRequestSchema = z.strictObject({ map_name: UserMapNameSchema, map_keys: mapKeys });
export type MapValuesRequest = z.infer<typeof MapValuesRequestSchema>;

/** POST /api/userdata/map/{name}: `map_key_val` is a JSON object, sent as text, merged into the map. */
export const MapWriteRequestSchema = z.strictObject({ map_key_val: z.string() });
export type MapWriteRequest = z.infer<typeof MapWriteRequestSchema>;

/** POST /api/userdata/map/{name}/delete. */
export const MapDeleteRequestSchema = z.strictObject({ map_keys: mapKeys });
export type MapDeleteRequest = z.infer<typeof MapDeleteRequestSchema>;

/** Every map answer: `{ [map_name]: { [key]: value } }`. */
export const UserMapResponseSchema = z.record(z.string(), z.record(z.string(), z.unknown()));
export type UserMapResponse = z.infer<typeof UserMapResponseSchema>;

const pageTypes = Object.values(PageType) as [PageType, ...PageType[]];
/** A single report longer than a day is a client bug, not reading. */
export const PAGE_READ_TIME_MAX_SECONDS = 86_400;

/** POST /api/page/read-time: seconds spent on a page since the last report. */
export const PageReadTimeRequestSchema = z.strictObject({
  page_id: z.number().int().positive(),
  page_type: z.enum(pageTypes),
  page_read_time: z
    .number()
    .min(0, 'must not be negative')
    .max(PAGE_READ_TIME_MAX_SECONDS, `must be at most ${PAGE_READ_TIME_MAX_SECONDS} seconds`),
});
export type PageReadTimeRequest = z.infer<typeof PageReadTimeRequestSchema>;

export const PageReadTimeResponseSchema = z.object({
  page_id: z.number(),
  page_type: z.string(),
  /** Seconds, summed over every report. */
  total_read_time: z.number(),
});
export type PageReadTimeResponse = z.infer<typeof PageReadTimeResponseSchema>;

const widgetId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * POST /api/userdata/live/interactions: counts of what the learner did in one live widget of a lesson since
 * the last report (docs/reader-calls.md). Each kind at most once per report.
 */
export const LiveInteractionsRequestSchema = z.strictObject({
  author_id: widgetId,
  collection_id: widgetId,
  page_id: widgetId,
  comp_id: z.string().min(1, "can't be blank").max(64, 'must be at most 64 characters'),
  interactions: z
    .array(
      z.strictObject({
        interaction: z.enum(LIVE_INTERACTIONS),
        count: z
          .number()
          .min(1, 'must be at least 1')
          .max(LiveInteractionLimits.maxCount, `must be at most ${LiveInteractionLimits.maxCount}`)
          .refine(Number.isInteger, 'must be a whole number')
          .default(1),
      }),
    )
    .min(1, 'name at least one interaction')
    .max(
      LiveInteractionLimits.entriesPerRequest,
      `name at most ${LiveInteractionLimits.entriesPerRequest} interactions`,
    )
    .refine(
      (entries) => new Set(entries.map((entry) => entry.interaction)).size === entries.length,
      'name each interaction once',
    ),
});
export type LiveInteractionsRequest = z.infer<typeof LiveInteractionsRequestSchema>;

/**
 * GET /api/userdata/live/interactions?author_id=&collection_id=&page_id=&comp_id= (ours): the learner's totals
 * for one live widget, read back when the lesson opens so the widget shows what was done before.
 */
export const LiveInteractionsQuerySchema = z.strictObject({
  author_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  collection_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  page_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  comp_id: z.string().min(1, "can't be blank").max(64, 'must be at most 64 characters'),
});
export type LiveInteractionsQuery = z.infer<typeof LiveInteractionsQuerySchema>;

/** The learner's totals for the widget after the report, by interaction. */
export const LiveInteractionsResponseSchema = z.object({
  comp_id: z.string(),
  interactions: z.record(
    z.string(),
    z.object({ count: z.number(), first_at: z.string(), last_at: z.string() }),
  ),
});
export type LiveInteractionsResponse = z.infer<typeof LiveInteractionsResponseSchema>;
