-- Marketing pages (/m/{url}) and blog posts (/blog/{url}), written in one widget editor (docs/marketing.md).
-- Each page keeps the draft the editor saves and, once published, the copy visitors read; publishing
-- copies the draft over the published copy. Ids are chosen by the editor (POST /api/page/editor/{id}/create).

CREATE TABLE blog_categories (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE editor_pages (
  id bigint PRIMARY KEY CHECK (id > 0),
  kind text NOT NULL CHECK (kind IN ('marketing_page', 'blogs')),
  url text NOT NULL,
  author_id bigint NOT NULL REFERENCES users (id),
  title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  category_id bigint REFERENCES blog_categories (id) ON DELETE SET NULL,
  components jsonb NOT NULL DEFAULT '[]',
  etag text NOT NULL,
  -- The published copy; null until the first publish. is_published false keeps the copy but hides it.
  is_published boolean NOT NULL DEFAULT false,
  published_title text,
  published_description text,
  published_components jsonb,
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX editor_pages_kind_url ON editor_pages (kind, url);
CREATE INDEX editor_pages_published ON editor_pages (kind, published_at DESC) WHERE is_published;

-- Lead-form submissions (PUT /api/event/marketing/email-capture); kept when their page is deleted.
CREATE TABLE marketing_leads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  page_id bigint REFERENCES editor_pages (id) ON DELETE SET NULL,
  page_url text NOT NULL,
  form_id text NOT NULL,
  portal_id text NOT NULL DEFAULT '',
  email text NOT NULL,
  full_name text NOT NULL DEFAULT '',
  company text NOT NULL DEFAULT '',
  team_size integer,
  message text NOT NULL DEFAULT '',
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX marketing_leads_created ON marketing_leads (created_at DESC);
