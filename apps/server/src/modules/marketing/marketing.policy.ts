import type { SessionContext } from '../../platform/auth/sessions.js';

// Who writes marketing pages and the blog (docs/marketing.md): "editorial users" of spec 000 §4 are the
// platform's admins, whatever their admin role; authors of courses are not editorial by being authors.

export function isEditorial(caller: Pick<SessionContext, 'adminRole'>): boolean {
  return caller.adminRole !== null;
}
