-- Gifts, reactivation, certificate purchases, seats and enterprise purchases (spec 001 §2/§4;
-- docs/commerce.md "Gifts, reactivation, certificates, seats and enterprise purchases"). A payment names what
-- it buys beyond a plan or a course; the grant applies it in the ledger row's transaction.

-- The receiver's address of a gift (lower-cased).
ALTER TABLE payments ADD COLUMN gift_email text;
-- Reactivation: the learner's own subscription the payment starts again.
ALTER TABLE payments ADD COLUMN target_subscription_id bigint;
-- Seats: the organization subscription that grows; an enterprise purchase: the one it created.
ALTER TABLE payments ADD COLUMN organization_subscription_id bigint;
ALTER TABLE payments ADD COLUMN seat_count integer CHECK (seat_count > 0);
-- An enterprise purchase: the organization's name as the buyer typed it.
ALTER TABLE payments ADD COLUMN organization_name text;
-- When a refund in full or a chargeback took back what such a payment granted (it is taken back once).
ALTER TABLE payments ADD COLUMN grant_revoked_at timestamptz;

-- A gift code: created with the gift payment's ledger row, redeemed once by a signed-in receiver (which
-- starts their subscription), revoked when the gift payment is refunded or charged back before that.
CREATE TABLE gift_codes (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 74000001) PRIMARY KEY,
  -- GIFT-XXXX-XXXX-XXXX (upper case, no look-alike letters); a bearer secret of 60 random bits.
  code text NOT NULL UNIQUE,
  payment_id text NOT NULL UNIQUE REFERENCES payments (id),
  buyer_id bigint NOT NULL,
  receiver_email text NOT NULL,
  plan_key text NOT NULL REFERENCES subscription_plans (plan_key),
  state text NOT NULL DEFAULT 'unredeemed' CHECK (state IN ('unredeemed', 'redeemed', 'revoked')),
  redeemed_by bigint REFERENCES users (id) ON DELETE SET NULL,
  subscription_id bigint,
  redeemed_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX gift_codes_buyer ON gift_codes (buyer_id, created_at DESC);
