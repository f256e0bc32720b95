import { createUsersService } from './modules/accounts/users.service.js';
import { createMembershipsService } from './modules/collaborators/memberships.service.js';
import { createContentService } from './modules/content/content.service.js';
import type { Clock } from './platform/clock.js';
import type { Db } from './platform/db/database.js';

/**
 * The services most modules build on, wired in one place for the app, the seed and the test factories:
 * who users are, and content, which reads users and their roles in collections (collaborators).
 */
export function createCoreServices({ db, clock }: { db: Db; clock: Clock }) {
  const users = createUsersService({ db });
  const content = createContentService({ db, clock, users, memberships: createMembershipsService({ db }) });
  return { users, content };
}
