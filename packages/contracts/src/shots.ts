import {
  SEARCH_STRING_MAX_LENGTH,
  SHOT_ATTRIBUTIONS_MAX,
  SHOT_DRAFT_VIEWERS_MAX,
  SHOT_TAGS_MAX,
  SHOT_URL_MAX_LENGTH,
  ShotLicense,
  ShotStatus,
} from '@coderoom/domain';
import { z } from 'zod';
import type { ReaderWidget } from './reader.js';
import { LanguageTopicSchema } from './reader.js';
import { PageComponentsSchema, type Widget } from './widgets.js';

// Answers ("shots", spec 000 §3 "Shot", §7 "Shots"; decisions in docs/answers.md).

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const tag = z.string().trim().min(1).max(40);

export const ShotIdParamsSchema = z.strictObject({ id });
export const ShotUrlParamsSchema = z.strictObject({
  url: z
    .string()
    .min(1)
    .max(SHOT_URL_MAX_LENGTH + 80),
});
export const ShotStatusQuerySchema = z.strictObject({
  status: z.enum([ShotStatus.Published, ShotStatus.Draft]).default(ShotStatus.Published),
});

export const ShotLicenseSchema = z.union([
  z.literal(ShotLicense.Product),
  z.literal(ShotLicense.CcBySa4),
  z.literal(ShotLicense.CcByNcSa4),
]);
export const ShotDifficultySchema = z.union([z.literal(1000), z.literal(1001), z.literal(1002)]);

/** Docker configuration of a shot (spec 000 §3): environment variables, container and jobs. */
export const ShotDockerSchema = z.strictObject({
  envs: z
    .array(
      z.strictObject({
        name: z.string().max(100),
        key: z.string().max(100),
        value: z.string().max(1_000),
        useAsDefault: z.boolean().optional(),
      }),
    )
    .max(20)
    .default([]),
  container: z
    .strictObject({
      imageName: z.string().max(200).optional(),
      file: z.string().max(200).optional(),
    })
    .optional(),
  jobs: z
    .array(
      z.strictObject({
        key: z.string().max(100),
        name: z.string().max(100),
        runScript: z.string().max(2_000),
        inputFileName: z.string().max(200).optional(),
        runInLiveContainer: z.boolean().optional(),
      }),
    )
    .max(10)
    .default([]),
});
export type ShotDocker = z.infer<typeof ShotDockerSchema>;

export const CreateShotRequestSchema = z.strictObject({
  title: z.string().trim().max(200).optional(),
});

/** PUT /api/edpresso/shot/{id}: the whole draft (may arrive gzip- or deflate-compressed), eTag header. */
export const SaveShotRequestSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  url: z
    .string()
    .trim()
    .max(SHOT_URL_MAX_LENGTH + 80),
  components: PageComponentsSchema,
  tags: z.array(tag).max(SHOT_TAGS_MAX).default([]),
  programming_tags: z.array(LanguageTopicSchema).max(6).default([]),
  topic_tags: z.array(tag).max(SHOT_TAGS_MAX).default([]),
  license: ShotLicenseSchema.default(ShotLicense.Product),
  difficulty: ShotDifficultySchema.default(1000),
  docker: ShotDockerSchema.optional(),
  /** E-mail addresses of the people invited to read the draft. */
  draft_viewers: z
    .array(z.email('must be an e-mail address').max(254))
    .max(SHOT_DRAFT_VIEWERS_MAX)
    .optional(),
});
export type SaveShotRequest = z.input<typeof SaveShotRequestSchema>;

export const ShotAttributionSchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  url: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
});
export type ShotAttribution = z.infer<typeof ShotAttributionSchema>;
export const ShotAttributionListSchema = z.array(ShotAttributionSchema).max(SHOT_ATTRIBUTIONS_MAX);

/** The spec sends attributions as a JSON string. */
export const UpdateAttributionsRequestSchema = z.strictObject({
  attributions: z.string().max(20_000),
});

export const ShotSortSchema = z.enum(['newest', 'most_liked']);
export const ShotListQuerySchema = z.strictObject({
  search_string: z
    .string()
    .optional()
    .transform((value) => (value ?? '').slice(0, SEARCH_STRING_MAX_LENGTH).trim()),
  tag: tag.optional(),
  topic: LanguageTopicSchema.optional(),
  sort: ShotSortSchema.default('newest'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type ShotListQuery = z.input<typeof ShotListQuerySchema>;

export interface ShotAuthor {
  id: number;
  name: string;
}

/** GET /api/edpresso/shot/{id} and /url/{url}: the published shot, or the draft with ?status=draft. */
export interface ShotResponse {
  shotId: number;
  status: 'published' | 'draft';
  title: string;
  url: string;
  /** Where its code widgets point their runs: { author_id, collection_id, page_id } (+ draft). */
  author_id: number;
  collection_id: number;
  page_id: number;
  author: ShotAuthor;
  content: { components: ReaderWidget[] };
  docker: ShotDocker;
  tags: string[];
  programming_tags: string[];
  topic_tags: string[];
  readTime: number;
  published_at: string | null;
  /** The draft's eTag (draft reads only): what a save sends in the eTag header. */
  etag?: string;
}

/** The draft for its editors: widgets with every protected field, as the studio edits them. */
export interface ShotDraftResponse extends Omit<ShotResponse, 'content'> {
  content: { components: Widget[] };
  etag: string;
}

export interface ShotProps {
  tags: string[];
  programmingTags: string[];
  topicTags: string[];
  isBookmarkedByReader: boolean;
  isLikedByReader: boolean;
  shotLikes: number;
  shares: number;
  attributions: ShotAttribution[];
  /** Editors only; empty for everyone else. */
  draftViewers: string[];
  license: number;
  difficulty: number;
  isShotApprovedForPublish: boolean;
  isPublished: boolean;
  /** The review state of the content model (3001–3005). */
  reviewState: number;
  canEdit: boolean;
}

export interface ShotCard {
  shotId: number;
  title: string;
  url: string;
  summary: string;
  author: ShotAuthor;
  programming_tags: string[];
  topic_tags: string[];
  tags: string[];
  readTime: number;
  shotLikes: number;
  published_at: string | null;
}

export interface ShotListResponse {
  items: ShotCard[];
  total: number;
  page: number;
  page_size: number;
  tags: Array<{ tag: string; count: number }>;
}

export interface MyShot {
  shotId: number;
  title: string;
  url: string;
  reviewState: number;
  isPublished: boolean;
  updated_at: string;
}

export interface CreateShotResponse {
  shotId: number;
  url: string;
  etag: string;
}

export interface PublishShotResponse {
  shotId: number;
  /** 'published' when readers see it now; 'in_review' when it waits for an admin's approval. */
  state: 'published' | 'in_review';
  reviewState: number;
}

export interface ShotLikeResponse {
  shotLikes: number;
  isLikedByReader: boolean;
}
export interface ShotBookmarkResponse {
  isBookmarkedByReader: boolean;
}
export interface ShotSharesResponse {
  shares: number;
}
