import type { Db } from '../../platform/db/database.js';
import type { CollectionMembership } from '../content/content.policy.js';
import * as repo from './collaborators.repository.js';

// The collaborator list as the content module's access rules read it. Content cannot import this module
// (collaborators build on content), so app.ts hands these reads to the content service.

export function createMembershipsService({ db }: { db: Db }) {
  return {
    /** The user's role in one collection, if they hold one: read on every request that names a collection. */
    async find(collectionId: number, userId: number): Promise<CollectionMembership | undefined> {
      const row = await repo.findMembership(db, collectionId, userId);
      return row && { collectionId: row.collectionId, role: row.role, access: row.access };
    },
  };
}

export type MembershipsService = ReturnType<typeof createMembershipsService>;
