-- Growth tracking (spec 001 §3–§5, §7, §9; docs/growth.md): analytics events flushed by known users, where a
-- learner came from (UTM, click id, referral site, affiliate link, Rakuten), referral codes and the credit a
-- referrer earns, affiliates and their links' clicks, and GitHub scholars (segment step 4).

-- One analytics event as the browser queued it. value is numeric only (001 §5).
CREATE TABLE analytics_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_name text NOT NULL,
  category text,
  action text,
  label text,
  value double precision,
  -- Action or label containing "undefined": kept, but reported as unexpected (001 §5).
  is_unexpected boolean NOT NULL DEFAULT false,
  -- When it happened in the browser (a queued event may arrive days later, within 7 days).
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX analytics_events_user ON analytics_events (user_id, occurred_at DESC);
CREATE INDEX analytics_events_name ON analytics_events (event_name, occurred_at DESC);

-- Where a learner came from. utm_init is the first touch and never changes; utm the latest.
CREATE TABLE user_attribution (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  utm jsonb,
  utm_init jsonb,
  referral_site text CHECK (char_length(referral_site) <= 512),
  last_referral_site text CHECK (char_length(last_referral_site) <= 512),
  click_id text CHECK (char_length(click_id) <= 512),
  click_id_captured_at timestamptz,
  affiliate_id bigint,
  affiliate_click_id bigint,
  affiliated_at timestamptz,
  rakuten_merchant_id text,
  rakuten_tracking_id text CHECK (char_length(rakuten_tracking_id) <= 512),
  rakuten_at timestamptz,
  updated_at timestamptz NOT NULL
);
CREATE INDEX user_attribution_affiliate ON user_attribution (affiliate_id) WHERE affiliate_id IS NOT NULL;

-- Each learner's own referral code, made the first time they open /refer-a-friend.
CREATE TABLE referral_codes (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{6,16}$'),
  created_at timestamptz NOT NULL
);

-- A friend who signed up with a code. Its credit is 'pending' until the referrer's next payment takes it
-- off (written in that payment's ledger transaction), then 'credited' with that payment's id.
CREATE TABLE referrals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  referrer_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  referred_user_id bigint NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  code text NOT NULL,
  credit_cents integer NOT NULL CHECK (credit_cents >= 0),
  status text NOT NULL CHECK (status IN ('pending', 'credited')),
  credited_payment_id text REFERENCES payments (id),
  credited_at timestamptz,
  created_at timestamptz NOT NULL,
  CHECK (referrer_id <> referred_user_id),
  CHECK ((status = 'credited') = (credited_payment_id IS NOT NULL))
);
CREATE INDEX referrals_referrer ON referrals (referrer_id, status, created_at);

-- What a payment took off for its payer's referral credit (part of credit_amount_usd).
ALTER TABLE payments ADD COLUMN referral_credit_cents integer NOT NULL DEFAULT 0;

CREATE TABLE affiliates (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  commission_percent integer NOT NULL CHECK (commission_percent BETWEEN 0 AND 100),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL
);

-- One visit through an affiliate's link; its token is the encoded_affiliate_id the browser keeps.
CREATE TABLE affiliate_clicks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token text NOT NULL UNIQUE,
  affiliate_id bigint NOT NULL REFERENCES affiliates (user_id) ON DELETE CASCADE,
  context text NOT NULL,
  ref_id text CHECK (char_length(ref_id) <= 512),
  referral_site text CHECK (char_length(referral_site) <= 512),
  last_referral_site text CHECK (char_length(last_referral_site) <= 512),
  utm jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX affiliate_clicks_affiliate ON affiliate_clicks (affiliate_id, created_at DESC);

-- Students verified through /github-students (segment step 4).
CREATE TABLE github_scholars (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  verified_at timestamptz NOT NULL
);
