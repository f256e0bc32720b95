-- Coupons (spec 001 §3 transaction coupons[].coupon_code, payment state coupon {discount_never_expires,
-- coupon_discount_usd}; docs/commerce.md "Coupons"). A coupon takes a percent or an amount off, within a
-- validity window, up to a number of redemptions in all and per learner, on the plans it names (all user
-- plans when none) and on single courses when it says so. One coupon may be the site coupon its banner
-- advertises.

CREATE TABLE coupons (
  -- Upper case; the learner may type it in any case.
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9][A-Z0-9_-]{2,39}$'),
  description text NOT NULL,
  percent_off integer CHECK (percent_off BETWEEN 1 AND 100),
  amount_off_cents integer CHECK (amount_off_cents > 0),
  -- A lasting discount: it lowers the plan's price for every term (renewals too) instead of today's total.
  discount_never_expires boolean NOT NULL DEFAULT false,
  valid_from timestamptz,
  valid_until timestamptz,
  -- Null: no limit in all.
  max_redemptions integer CHECK (max_redemptions > 0),
  max_per_user integer NOT NULL DEFAULT 1 CHECK (max_per_user > 0),
  -- Plan keys it applies to; null: every user plan. Single courses only when applies_to_courses.
  plan_keys text[],
  applies_to_courses boolean NOT NULL DEFAULT false,
  is_site_coupon boolean NOT NULL DEFAULT false,
  banner_text text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((percent_off IS NULL) <> (amount_off_cents IS NULL))
);
-- At most one site coupon.
CREATE UNIQUE INDEX coupons_one_site_coupon ON coupons (is_site_coupon) WHERE is_site_coupon;

-- One row per payment that used a coupon: 'reserved' when the payment is created (so limits hold while the
-- processor is asked), 'redeemed' in the grant's transaction, 'released' when the payment fails.
CREATE TABLE coupon_redemptions (
  payment_id text PRIMARY KEY REFERENCES payments (id),
  coupon_code text NOT NULL REFERENCES coupons (code),
  user_id bigint NOT NULL,
  discount_cents integer NOT NULL CHECK (discount_cents >= 0),
  status text NOT NULL CHECK (status IN ('reserved', 'redeemed', 'released')),
  created_at timestamptz NOT NULL,
  redeemed_at timestamptz
);
CREATE INDEX coupon_redemptions_coupon ON coupon_redemptions (coupon_code, user_id) WHERE status <> 'released';

ALTER TABLE payments ADD COLUMN coupon_code text;
ALTER TABLE payments ADD COLUMN coupon_discount_cents integer NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN coupon_never_expires boolean NOT NULL DEFAULT false;
-- What a lasting coupon takes off each renewal of the subscription it was bought with.
ALTER TABLE subscriptions ADD COLUMN lasting_discount_cents integer NOT NULL DEFAULT 0;
