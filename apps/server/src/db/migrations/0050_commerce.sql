-- Commerce (spec 001 §3–§5, docs/commerce.md): the plan catalogue, course prices, subscriptions, à-la-carte
-- purchases, payments, stored payment methods (brand, last four digits and a fingerprint: never a card
-- number) and an append-only ledger of money movements. A grant and its ledger row are written in one
-- transaction.

CREATE TABLE subscription_plans (
  -- featureSet-validityMonths-planType, e.g. 300-12-6000.
  plan_key text PRIMARY KEY,
  feature_set integer NOT NULL,
  validity_months integer NOT NULL,
  plan_type integer NOT NULL,
  -- What the whole term costs, and the list and discounted price per month, all in US cents.
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  monthly_price_cents integer NOT NULL CHECK (monthly_price_cents >= 0),
  monthly_discounted_price_cents integer NOT NULL CHECK (monthly_discounted_price_cents >= 0),
  special_discount integer,
  is_active boolean NOT NULL DEFAULT true
);

-- A priced collection (is_free = false) is opened by a subscription of min_feature_set or more; a row with
-- a price_cents is also sold on its own (is_priced).
CREATE TABLE course_prices (
  collection_id bigint PRIMARY KEY REFERENCES collections (id) ON DELETE CASCADE,
  price_cents integer CHECK (price_cents > 0),
  min_feature_set integer NOT NULL
);

CREATE TABLE subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 70000001) PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan_key text NOT NULL REFERENCES subscription_plans (plan_key),
  feature_set integer NOT NULL,
  validity_months integer NOT NULL,
  -- SubscriptionStatus (7001 active … 7010 past due) and SubscriptionKind (7001 paid …).
  status integer NOT NULL,
  kind integer NOT NULL,
  price_cents integer NOT NULL,
  payment_processor text NOT NULL,
  starts_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX subscriptions_user ON subscriptions (user_id, expires_at DESC);

CREATE TABLE course_purchases (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 71000001) PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  price_cents integer NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL
);
-- One live purchase of a course per learner.
CREATE UNIQUE INDEX course_purchases_live ON course_purchases (user_id, collection_id) WHERE revoked_at IS NULL;

-- One checkout's payment: created before the processor is asked, finished in the transaction that grants.
-- Payments and the ledger outlive a deleted account (money records are kept): no foreign key to users.
CREATE TABLE payments (
  id text PRIMARY KEY,
  user_id bigint NOT NULL,
  -- The client's key for this purchase: a repeated request answers the same payment.
  idempotency_key text NOT NULL,
  checkout_type text NOT NULL,
  -- What was bought, as the receipt names it ("Premium Annual", a course title).
  item_title text NOT NULL,
  plan_key text,
  collection_id bigint,
  amount_cents integer NOT NULL,
  credit_cents integer NOT NULL DEFAULT 0,
  -- 'processing' (the processor was asked), 'requires_action' (3-D Secure), 'succeeded' or 'failed'.
  status text NOT NULL,
  processor text NOT NULL,
  processor_ref text,
  failure_code text,
  failure_message text,
  card_brand text,
  card_last4 text,
  card_fingerprint text,
  subscription_id bigint,
  purchase_id bigint,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (user_id, idempotency_key)
);

CREATE TABLE payment_methods (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 72000001) PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  processor text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  fingerprint text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, fingerprint)
);

-- Every money movement, never changed or removed: a refund is a new row with a negative amount.
CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 73000001) PRIMARY KEY,
  user_id bigint NOT NULL,
  -- 'charge', 'refund' or 'chargeback'.
  entry_kind text NOT NULL,
  amount_cents integer NOT NULL,
  currency text NOT NULL DEFAULT 'USD',
  payment_id text NOT NULL REFERENCES payments (id),
  subscription_id bigint,
  purchase_id bigint,
  processor text NOT NULL,
  processor_ref text NOT NULL,
  description text NOT NULL,
  created_at timestamptz NOT NULL,
  -- A processor's movement is recorded once, however often it is reported.
  UNIQUE (processor, processor_ref, entry_kind)
);
CREATE INDEX ledger_entries_user ON ledger_entries (user_id, created_at DESC);

CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only';
END;
$$;
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
