import type { AdminFeaturesResponse, FeaturesResponse } from '@coderoom/contracts';
import {
  FEATURE_FLAGS,
  type FeatureAudience,
  type FeatureFlag,
  FeatureMessages,
  isFeatureOn,
  PlatformAdminRole,
  RolloutLevel,
} from '@coderoom/domain';
import type { SessionContext } from '../../platform/auth/sessions.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { forbidden } from '../../platform/http/errors.js';
import * as repo from './features.repository.js';

export interface FeaturesDeps {
  db: Db;
  clock: Clock;
  /** Whether the user counts as B2B (001 §6: an organization member on a valid subscription). */
  isB2bUser(userId: number): Promise<boolean>;
}

const PLATFORM_ADMIN_ROLES: readonly number[] = Object.values(PlatformAdminRole);

/** Feature flags and their rollout levels (spec 001 §6; docs/features.md). */
export function createFeaturesService({ db, clock, isB2bUser }: FeaturesDeps) {
  async function levels(): Promise<Map<FeatureFlag, RolloutLevel>> {
    return new Map((await repo.listFlags(db)).map((row) => [row.name, row.rollout]));
  }

  async function audienceOf(auth: SessionContext | null): Promise<FeatureAudience> {
    const signedIn = auth?.state === 'active';
    return {
      signedIn,
      isInternal: signedIn && auth?.adminRole != null && PLATFORM_ADMIN_ROLES.includes(auth.adminRole),
      isB2b: signedIn && auth ? await isB2bUser(auth.userId) : false,
    };
  }

  function requireSuperAdmin(auth: SessionContext): void {
    if (auth.adminRole !== PlatformAdminRole.SuperAdmin) throw forbidden(FeatureMessages.AdminsOnly);
  }

  return {
    /** Which features are on for the caller; a flag without a row is off. */
    async forCaller(auth: SessionContext | null): Promise<FeaturesResponse> {
      const [stored, audience] = await Promise.all([levels(), audienceOf(auth)]);
      const features = Object.fromEntries(
        FEATURE_FLAGS.map((flag) => [flag, isFeatureOn(stored.get(flag) ?? RolloutLevel.Disabled, audience)]),
      ) as FeaturesResponse['features'];
      return { features };
    },

    /** Refuses with 403 when the feature is not rolled out to the caller. */
    async require(auth: SessionContext | null, flag: FeatureFlag): Promise<void> {
      const level = (await levels()).get(flag) ?? RolloutLevel.Disabled;
      // Everyone or no one needs no look at the caller.
      if (level === RolloutLevel.All) return;
      if (!isFeatureOn(level, await audienceOf(auth))) throw forbidden(FeatureMessages.Unavailable);
    },

    async list(auth: SessionContext): Promise<AdminFeaturesResponse> {
      requireSuperAdmin(auth);
      const rows = new Map((await repo.listFlags(db)).map((row) => [row.name, row]));
      return {
        features: FEATURE_FLAGS.map((name) => {
          const row = rows.get(name);
          return {
            name,
            rollout: row?.rollout ?? RolloutLevel.Disabled,
            updated_at: row?.updatedAt?.toISOString() ?? null,
          };
        }),
      };
    },

    async set(
      auth: SessionContext,
      name: FeatureFlag,
      rollout: RolloutLevel,
    ): Promise<AdminFeaturesResponse> {
      requireSuperAdmin(auth);
      await repo.setRollout(db, { name, rollout, updatedAt: clock.now(), updatedBy: auth.userId });
      return this.list(auth);
    },
  };
}

export type FeaturesService = ReturnType<typeof createFeaturesService>;
