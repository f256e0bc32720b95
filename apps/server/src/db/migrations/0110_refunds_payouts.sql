-- Admin refund screen and author payouts (issue 17; docs/commerce.md "Admin refunds", "Author payouts").

-- One press of the admin's Refund button, by the id the dialog made: the same request twice is one refund.
CREATE TABLE admin_refund_requests (
  request_id uuid PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments (id),
  actor_id bigint NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  reason text NOT NULL,
  -- 'pending' while the processor is asked; 'done' once the ledger row is written.
  status text NOT NULL CHECK (status IN ('pending', 'done')),
  access_revoked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX admin_refund_requests_payment ON admin_refund_requests (payment_id);

-- Reading time per learner, page and UTC month: page_read_times keeps only running totals, and payouts
-- share a month's revenue by that month's reading. Filled by a trigger so every writer of the totals
-- (the read-time route today) feeds it; the month is that of the report (last_read_at, the injected clock).
CREATE TABLE read_time_months (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  page_type text NOT NULL,
  page_id bigint NOT NULL,
  month date NOT NULL,
  seconds bigint NOT NULL,
  PRIMARY KEY (user_id, page_type, page_id, month)
);
CREATE INDEX read_time_months_month ON read_time_months (month);

CREATE FUNCTION read_time_months_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    delta := NEW.total_seconds;
  ELSE
    delta := NEW.total_seconds - OLD.total_seconds;
  END IF;
  IF delta > 0 THEN
    INSERT INTO read_time_months (user_id, page_type, page_id, month, seconds)
    VALUES (NEW.user_id, NEW.page_type, NEW.page_id,
            date_trunc('month', NEW.last_read_at AT TIME ZONE 'UTC')::date, delta)
    ON CONFLICT (user_id, page_type, page_id, month)
      DO UPDATE SET seconds = read_time_months.seconds + EXCLUDED.seconds;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER page_read_times_by_month AFTER INSERT OR UPDATE ON page_read_times
  FOR EACH ROW EXECUTE FUNCTION read_time_months_add();

-- Where an author is paid: the provider's token only (a Stripe Connect account id, a PayPal payer id, a
-- Wise recipient id). A card or bank account number is never stored.
CREATE TABLE author_payout_methods (
  author_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  token text NOT NULL,
  label text,
  updated_at timestamptz NOT NULL
);

-- A closed month: its basis, written once with its statements in one transaction by the payout job.
CREATE TABLE payout_months (
  month date PRIMARY KEY,
  net_subscription_cents bigint NOT NULL,
  pool_cents bigint NOT NULL,
  total_reading_seconds bigint NOT NULL,
  computed_at timestamptz NOT NULL
);

-- Author statements, immutable once written (like the ledger): no foreign key to users, money records
-- outlive an account.
CREATE TABLE payout_statements (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 74000001) PRIMARY KEY,
  month date NOT NULL REFERENCES payout_months (month),
  author_id bigint NOT NULL,
  reading_share_cents bigint NOT NULL,
  sales_share_cents bigint NOT NULL,
  total_cents bigint NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (author_id, month)
);

CREATE TABLE payout_statement_lines (
  statement_id bigint NOT NULL REFERENCES payout_statements (id),
  collection_id bigint NOT NULL,
  title text NOT NULL,
  reading_seconds bigint NOT NULL,
  reading_share_cents bigint NOT NULL,
  sales_net_cents bigint NOT NULL,
  sales_share_cents bigint NOT NULL,
  PRIMARY KEY (statement_id, collection_id)
);

CREATE FUNCTION payouts_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is immutable', TG_TABLE_NAME;
END;
$$;
CREATE TRIGGER payout_months_immutable BEFORE UPDATE OR DELETE ON payout_months
  FOR EACH ROW EXECUTE FUNCTION payouts_immutable();
CREATE TRIGGER payout_statements_immutable BEFORE UPDATE OR DELETE ON payout_statements
  FOR EACH ROW EXECUTE FUNCTION payouts_immutable();
CREATE TRIGGER payout_statement_lines_immutable BEFORE UPDATE OR DELETE ON payout_statement_lines
  FOR EACH ROW EXECUTE FUNCTION payouts_immutable();
