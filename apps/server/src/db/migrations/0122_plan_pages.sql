-- Plan pages in the reader (docs/organizations.md, "Plan reader"): each module of a plan is a page of the
-- plan, read at /plan/page/{planAuthorId}/{planId}/{pageNumber}; its body is the author's Markdown text for
-- that page (shown above the page's courses and paths). Empty for modules written before pages existed.
ALTER TABLE organization_plan_modules ADD COLUMN body text NOT NULL DEFAULT '';
