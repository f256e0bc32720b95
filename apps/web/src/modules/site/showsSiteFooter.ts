/** Catalogue and public pages end with the site footer; lessons, editors and workspaces use the full height. */
const FOOTER_PAGES = [
  /^\/$/,
  /^\/explore(?:\/(?:free|early-access))?\/?$/,
  /^\/(?:courses|paths|projects|assessments|cloudlabs)\/[^/]+\/[^/]+\/?$/,
  /^\/(?:collection|path)\/\d+\/\d+\/?$/,
  /^\/(?:about|pricing|terms|privacy|login|signup|password-reset)\/?$/,
  // Marketing pages, the blog and the discovery pages (docs/marketing.md).
  /^\/(?:m\/[^/]+|blog(?:\/.*)?)\/?$/,
  /^\/(?:track|categories|learning-plans|prepare-for-interview|become-a-developer|grow-my-skillset|refer-a-friend|github-students|individual-learner)\/?$/,
];

export function showsSiteFooter(pathname: string): boolean {
  return FOOTER_PAGES.some((pattern) => pattern.test(pathname));
}
