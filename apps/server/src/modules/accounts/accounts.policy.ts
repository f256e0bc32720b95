import type { UserRow } from '../../db/schema.js';

/** Any platform admin role (super admin, subscription admin, subscription executive). */
export function isPlatformAdmin(user: Pick<UserRow, 'adminRole'>): boolean {
  return user.adminRole !== null;
}
