// The organization tables, for route tests of other modules that check what a seat or enterprise purchase
// wrote (commerce's extendedCheckouts.routes.test.ts); modules do not import each other's repositories.
export { organizationMembers, organizationSubscriptions, organizations } from './organizations.repository.js';
