import {
  DataRequestOutcome,
  DataRequestType,
  LearningGoal,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
} from '@coderoom/domain';
import { z } from 'zod';
import type { ImageUploadUrlResponse } from './media.js';
import type { CollectionCard } from './reader.js';
import { DifficultySchema, LanguageTopicSchema } from './reader.js';

// Account settings, learner onboarding and data requests (docs/account.md). Paths and shapes are ours
// except POST /api/access-right/data/request/process and the codes 4000/4001/8000/8001 (spec 001 §4, §7).

/** PUT /api/user/profile: a new name, and/or null to remove the picture (a new one goes through media). */
export const ProfileUpdateRequestSchema = z.strictObject({
  full_name: z.string().optional(),
  profile_pic_url: z.null().optional(),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequestSchema>;

/** GET /api/user/profile-picture/upload-url: the picture's name, type and size, checked before upload. */
export const ProfilePictureUploadQuerySchema = z.strictObject({
  file_name: z.string().trim().min(1).max(255),
  content_type: z.string().trim().toLowerCase().min(1).max(100),
  size: z.coerce.number().int().positive(),
});
export type ProfilePictureUploadQuery = z.infer<typeof ProfilePictureUploadQuerySchema>;
export type ProfilePictureUploadResponse = ImageUploadUrlResponse;

/** PUT /api/user/profile-picture: the asset_url of a finished upload of the caller's. */
export const ProfilePictureRequestSchema = z.strictObject({ asset_url: z.string().trim().min(1).max(2048) });
export type ProfilePictureRequest = z.infer<typeof ProfilePictureRequestSchema>;
export const ProfilePictureResponseSchema = z.object({ profile_pic_url: z.string() });
export type ProfilePictureResponse = z.infer<typeof ProfilePictureResponseSchema>;
export const ProfilePictureUploadResponseSchema = z.object({
  upload_url: z.string(),
  asset_url: z.string(),
  expires_at: z.string(),
});

/** POST /api/user/email/change: the new address, confirmed with the current password. */
export const EmailChangeRequestSchema = z.strictObject({ new_email: z.string(), password: z.string() });
export type EmailChangeRequest = z.infer<typeof EmailChangeRequestSchema>;
/** GET and POST /api/user/email/change: the address waiting for its link, if any. */
export const EmailChangeStatusSchema = z.object({
  pending_email: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type EmailChangeStatus = z.infer<typeof EmailChangeStatusSchema>;

/** POST /api/user/email/confirm: the token from the link sent to the new address. */
export const EmailConfirmRequestSchema = z.strictObject({ token: z.string().min(1).max(200) });
export type EmailConfirmRequest = z.infer<typeof EmailConfirmRequestSchema>;

const channelChoice = z.strictObject({ email: z.boolean(), in_app: z.boolean() });
/** PUT /api/user/notification-preferences: any subset of the categories. */
export const NotificationPreferencesRequestSchema = z.strictObject({
  preferences: z.partialRecord(z.enum(NOTIFICATION_CATEGORIES as [NotificationCategory]), channelChoice),
});
export type NotificationPreferencesRequest = z.infer<typeof NotificationPreferencesRequestSchema>;
export const NotificationPreferencesResponseSchema = z.object({
  preferences: z.record(z.enum(NOTIFICATION_CATEGORIES as [NotificationCategory]), channelChoice),
});
export type NotificationPreferencesResponse = z.infer<typeof NotificationPreferencesResponseSchema>;

// Onboarding.

export const LearningGoalSchema = z.enum(Object.values(LearningGoal) as [LearningGoal]);

/** PUT /api/user/onboarding: answers of one or more stages; the next stage follows from what is missing. */
export const OnboardingAnswersRequestSchema = z.strictObject({
  goal: LearningGoalSchema.optional(),
  languages: z.array(LanguageTopicSchema).min(1).max(6).optional(),
  level: DifficultySchema.optional(),
});
export type OnboardingAnswersRequest = z.infer<typeof OnboardingAnswersRequestSchema>;

export const OnboardingStateSchema = z.object({
  /** The stage to show, or null when onboarding is over (finished or skipped). */
  next_stage: z.string().nullable(),
  is_completed: z.boolean(),
  answers: z.object({
    goal: LearningGoalSchema.nullable(),
    languages: z.array(z.string()),
    level: DifficultySchema.nullable(),
  }),
});
export type OnboardingState = z.infer<typeof OnboardingStateSchema>;

/** GET /api/user/onboarding/recommendation: a published course of the catalogue for these answers. */
const card = z.custom<CollectionCard>((value) => typeof value === 'object' && value !== null);
export const OnboardingRecommendationSchema = z.object({
  course: card.nullable(),
  /** Why this one, in a sentence the page shows. */
  reason: z.string(),
  /** Up to two more to choose from. */
  alternatives: z.array(card),
});
export type OnboardingRecommendation = z.infer<typeof OnboardingRecommendationSchema>;

// Data requests (spec 001 §4: download 4000, deletion 4001; outcome delete 8000, retain 8001).

const requestTypes = [DataRequestType.Download, DataRequestType.Deletion] as const;
export const CreateDataRequestSchema = z.strictObject({
  request_type: z.union(requestTypes.map((value) => z.literal(value))),
});
export type CreateDataRequest = z.infer<typeof CreateDataRequestSchema>;

/** POST /api/access-right/data/request/process: a deletion needs the password (and a code with 2FA). */
export const ProcessDataRequestSchema = z.strictObject({
  request_id: z.number().int().positive(),
  password: z.string().optional(),
  totp: z.string().optional(),
});
export type ProcessDataRequest = z.infer<typeof ProcessDataRequestSchema>;

export const DataRequestIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });

export const DataRequestViewSchema = z.object({
  id: z.number(),
  request_type: z.union(requestTypes.map((value) => z.literal(value))),
  state: z.enum(['pending', 'completed']),
  outcome: z.union([z.literal(DataRequestOutcome.Delete), z.literal(DataRequestOutcome.Retain)]).nullable(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
  /** Downloads: when the export stops being available. */
  expires_at: z.string().nullable(),
  /** Downloads that are ready and not expired: where to fetch the JSON file. */
  download_url: z.string().nullable(),
  export_bytes: z.number().nullable(),
});
export type DataRequestView = z.infer<typeof DataRequestViewSchema>;
export const DataRequestResponseSchema = z.object({ request: DataRequestViewSchema });
export type DataRequestResponse = z.infer<typeof DataRequestResponseSchema>;
export const DataRequestsResponseSchema = z.object({ requests: z.array(DataRequestViewSchema) });
export type DataRequestsResponse = z.infer<typeof DataRequestsResponseSchema>;
