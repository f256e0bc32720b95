import { NUDGE_INTERACTIONS, NUDGE_TEXT_MAX_LENGTH, NUDGE_TYPES } from '@coderoom/domain';
import { z } from 'zod';
import type { CodeWidgetContent, Widget } from './widgets.js';

// The reader's calls (spec 000 §7 "Reader", §2 reader routes): discovery, course homepages, lessons.

export const SEARCH_STRING_MAX = 128;
/** The spec's collection listing page size (000 §9, 002 §9), one constant for every listing. */
export { LISTING_PAGE_SIZE } from '@coderoom/domain';

export const ExploreTypeSchema = z.enum(['all', 'paths', 'cloudLabs', 'courses', 'assessments', 'projects']);
export type ExploreType = z.infer<typeof ExploreTypeSchema>;
export const LanguageTopicSchema = z.enum(['TypeScript', 'C++', 'Rust', 'JavaScript', 'Go', 'Python']);
export type LanguageTopic = z.infer<typeof LanguageTopicSchema>;
export const DifficultySchema = z.enum(['beginner', 'intermediate', 'advanced']);
export type Difficulty = z.infer<typeof DifficultySchema>;

/** Explore's orders: best match (search rank, then title), most learners, newest, shortest, A–Z. */
export const ExploreSortSchema = z.enum(['relevance', 'popular', 'newest', 'shortest', 'title']);
export type ExploreSort = z.infer<typeof ExploreSortSchema>;
/** Explore's lengths: under an hour, one to three hours, more than three hours (total estimated time). */
export const ExploreDurationSchema = z.enum(['short', 'medium', 'long']);
export type ExploreDuration = z.infer<typeof ExploreDurationSchema>;

const flag = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

/** GET /api/reader/featured_items. The search string is cut at 128 characters, not rejected. */
export const FeaturedItemsQuerySchema = z.strictObject({
  search_string: z
    .string()
    .optional()
    .transform((value) => (value ?? '').slice(0, SEARCH_STRING_MAX)),
  only_courses: flag,
  type: ExploreTypeSchema.optional(),
  topic: LanguageTopicSchema.optional(),
  difficulty: DifficultySchema.optional(),
  /** free: only free items; early-access: items approved for early access. */
  scope: z.enum(['all', 'free', 'early-access']).optional(),
  sort: ExploreSortSchema.optional(),
  duration: ExploreDurationSchema.optional(),
  page: z.coerce.number().int().min(1).max(1000).optional(),
});
export type FeaturedItemsQuery = z.input<typeof FeaturedItemsQuerySchema>;

export interface CollectionCard {
  author_id: number;
  collection_id: number;
  encoded_id: string;
  work_type: string;
  title: string;
  slug: string;
  summary: string;
  cover_image_url: string | null;
  difficulty: Difficulty;
  language_topic: LanguageTopic | null;
  tags: string[];
  is_free: boolean;
  is_early_access: boolean;
  lesson_count: number;
  estimated_minutes: number;
  author_name: string;
  /** People who have opened it (one each, however often). */
  learner_count: number;
  /** Friendly route of the item, e.g. /courses/{slug}/{encodedId}. */
  url: string;
}

export interface FeaturedItemsResponse {
  items: CollectionCard[];
  total: number;
  page: number;
  page_size: number;
}

export interface LandingPageDetails {
  tag: string;
  title: string;
  description: string;
  items: CollectionCard[];
}

/** A page entry of a table of contents (spec 000 §3 "Page entry"). */
export interface PageEntry {
  id: string;
  page_id: number;
  title: string;
  is_preview: boolean;
  parentIndex: number;
  editMode: boolean;
  is_recovered: boolean;
  type: string;
  author_id: number;
  collection_id: number;
  course_url_slug: string;
  slug: string;
  url: string;
  work_type: string;
  can_edit: boolean;
  is_standalone_module: boolean;
  is_template_module: boolean;
  is_cloned: boolean;
  source_author_id: number | null;
  source_collection_id: number | null;
  source_page_id: number | null;
  brief_summary: string;
  estimatedTime: number;
  page_count: number;
  is_optional: boolean;
  is_lesson: boolean;
  question_type?: string;
}

/** A category of a table of contents; the first, hidden one is titled __default. */
export interface TocCategory {
  title: string;
  pages: PageEntry[];
  editMode: boolean;
  type: string;
  author_id: number;
  collection_id: number;
  page_id: number | null;
  can_edit: boolean;
  work_type: string;
  is_standalone_module: boolean;
  is_cloned: boolean;
  source_author_id: number | null;
  source_collection_id: number | null;
  source_page_id: number | null;
  is_recovered_category: boolean;
}

export interface LearnerProgress {
  completed_page_ids: number[];
  mandatory_total: number;
  mandatory_completed: number;
  /** 0–100, over mandatory lessons. */
  percent: number;
  last_page_id: number | null;
  certificate_hash: string | null;
}

export interface CourseHome {
  collection: CollectionCard & {
    skills: string[];
    target_audience: string[];
    takeaway_skills: string[];
    /** What to know first, in the author's words. */
    prerequisites: string[];
    /** Published courses that come before this one in a published path, in the path's order. */
    prerequisite_courses: CollectionCard[];
    overview: string;
    version_state: number;
    review_state: number;
    is_draft_view: boolean;
    can_edit: boolean;
    /** For a path: the courses it combines, in order. */
    path_courses?: CollectionCard[];
  };
  toc: TocCategory[];
  progress: LearnerProgress | null;
  is_pinned: boolean;
  related: CollectionCard[];
}

/** A code widget as the reader receives it: hidden cases carry no data, unit tests stay on the server. */
export type ReaderCodeWidgetContent = Omit<
  CodeWidgetContent,
  'testCases' | 'unitTests' | 'solution' | 'hints'
> & {
  testCases: Array<{ input: string; output: string; hidden: false } | { hidden: true }>;
  hasUnitTests: boolean;
  /** How many hints the author wrote; the tutor gives them one at a time (POST /api/ai/tutor/hint). */
  hintCount: number;
  solution?: string;
};

type ReaderLeaf<W> = W extends { type: 'Code' }
  ? Omit<W, 'content'> & { content: ReaderCodeWidgetContent }
  : W;
export type ReaderWidget =
  | Exclude<ReaderLeaf<Widget>, { type: 'Columns' }>
  | { type: 'Columns'; comp_id: string; content: { comps: ReaderWidget[] } }
  /** A widget type this client does not know (newer content); rendered as "unsupported". */
  | { type: string; comp_id: string; content: unknown; unsupported: true };

export interface LessonNeighbour {
  page_id: number;
  title: string;
  url: string;
}

export interface Lesson {
  page: {
    page_id: number;
    title: string;
    summary: string;
    is_optional: boolean;
    estimated_minutes: number;
    components: ReaderWidget[];
  };
  course: CourseHome['collection'];
  toc: TocCategory[];
  previous: LessonNeighbour | null;
  next: LessonNeighbour | null;
  is_completed: boolean;
  progress: LearnerProgress | null;
  /** The learner's last saved state per widget (comp_id → userdata), e.g. the code they last ran. */
  widget_data: Record<string, unknown>;
}

export const DraftQuerySchema = z.strictObject({ draft: flag });

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Path parameters of /api/reader/collection/{authorId}/{collectionId}[/page/{pageId}]. */
export const CollectionParamsSchema = z.strictObject({ authorId: id, collectionId: id });
export const PageParamsSchema = z.strictObject({ authorId: id, collectionId: id, pageId: id });
export const EncodedIdParamsSchema = z.strictObject({ encodedId: z.string().regex(/^[a-z0-9]{4,32}$/) });
export const TagParamsSchema = z.strictObject({ tag: z.string().min(1).max(64) });

/** POST /api/reader/log-nudge-interaction (spec 000 §7): `text` is what the nudge said. */
export const NudgeInteractionRequestSchema = z.strictObject({
  nudge_type: z.enum(NUDGE_TYPES),
  interaction: z.enum(NUDGE_INTERACTIONS),
  text: z
    .string()
    .trim()
    .min(1, "can't be blank")
    .max(NUDGE_TEXT_MAX_LENGTH, `must be at most ${NUDGE_TEXT_MAX_LENGTH} characters`),
});
export type NudgeInteractionRequest = z.infer<typeof NudgeInteractionRequestSchema>;

/** GET /api/reader/nudges and the log call's answer: the nudges this learner dismissed, never shown again. */
export const NudgeStateSchema = z.object({ dismissed: z.array(z.enum(NUDGE_TYPES)) });
export type NudgeState = z.infer<typeof NudgeStateSchema>;
