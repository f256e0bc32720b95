import type { FeatureFlag, RolloutLevel } from '@coderoom/domain';
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL of feature flags (0071_feature_flags.sql, the source of truth).

export const featureFlags = pgTable('feature_flags', {
  name: text('name').$type<FeatureFlag>().primaryKey(),
  rollout: text('rollout').$type<RolloutLevel>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
});
export type FeatureFlagRow = typeof featureFlags.$inferSelect;

export function listFlags(db: DbExecutor): Promise<FeatureFlagRow[]> {
  return db.select().from(featureFlags);
}

export async function setRollout(
  db: DbExecutor,
  values: { name: FeatureFlag; rollout: RolloutLevel; updatedAt: Date; updatedBy: number },
): Promise<void> {
  await db
    .insert(featureFlags)
    .values(values)
    .onConflictDoUpdate({
      target: featureFlags.name,
      set: { rollout: values.rollout, updatedAt: values.updatedAt, updatedBy: values.updatedBy },
    });
}
