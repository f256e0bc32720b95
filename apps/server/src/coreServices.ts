import { createUsersService } from './modules/accounts/users.service.js';
import { createMembershipsService } from './modules/collaborators/memberships.service.js';
import {
  createEntitlementsService,
  type OrganizationSeatCheck,
} from './modules/commerce/entitlements.service.js';
import { createContentService } from './modules/content/content.service.js';
import { createOrganizationAccess } from './modules/organizations/organizationAccess.service.js';
import type { Clock } from './platform/clock.js';
import type { ChangeFeed } from './platform/db/changes.js';
import type { Db } from './platform/db/database.js';

/**
 * The services most modules build on, wired in one place for the app, the seed and the test factories:
 * who users are, and content, which reads users, their roles in collections (collaborators) and what their
 * organization's subscription includes.
 */
export function createCoreServices({
  db,
  clock,
  organizationSeat,
  changes,
}: {
  db: Db;
  clock: Clock;
  /** The organizations module's seat check; until it lands nobody holds a seat (docs/commerce.md). */
  organizationSeat?: OrganizationSeatCheck;
  /**
   * The app's change feed: it keeps every process's read-path caches right (docs/performance.md,
   * "Caches"). Without it (seed, tools) nothing is cached.
   */
  changes?: ChangeFeed;
}) {
  const users = createUsersService({ db });
  // Organizations bound what their members read (spec 001 §5); content asks on every published read.
  const organizationAccess = createOrganizationAccess({ db, clock, changes });
  // Priced lessons ask commerce per reader on every read; an organization seat opens them too.
  const entitlements = createEntitlementsService({
    db,
    clock,
    organizationSeat: organizationSeat ?? organizationAccess.hasOrganizationSeatForCollection,
    changes,
  });
  const content = createContentService({
    db,
    clock,
    users,
    memberships: createMembershipsService({ db }),
    entitlements,
    changes,
    organizations: organizationAccess,
  });
  return { users, content, entitlements, organizationAccess };
}
