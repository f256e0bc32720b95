import { FEATURE_FLAGS, ROLLOUT_LEVELS } from '@coderoom/domain';
import { z } from 'zod';

/** GET /api/features: which features are on for the caller (a visitor gets those rolled out to all). */
export const FeaturesResponseSchema = z.object({
  features: z.record(z.enum(FEATURE_FLAGS), z.boolean()),
});
export type FeaturesResponse = z.infer<typeof FeaturesResponseSchema>;

/** GET /api/admin/features: every flag with its rollout level (platform super admins). */
export const FeatureSettingSchema = z.object({
  name: z.enum(FEATURE_FLAGS),
  rollout: z.enum(ROLLOUT_LEVELS),
  updated_at: z.string().nullable(),
});
export const AdminFeaturesResponseSchema = z.object({ features: z.array(FeatureSettingSchema) });
export type AdminFeaturesResponse = z.infer<typeof AdminFeaturesResponseSchema>;

export const FeatureParamsSchema = z.strictObject({ name: z.enum(FEATURE_FLAGS) });

/** PUT /api/admin/features/{name}. */
export const SetFeatureRequestSchema = z.strictObject({ rollout: z.enum(ROLLOUT_LEVELS) });
export type SetFeatureRequest = z.infer<typeof SetFeatureRequestSchema>;
