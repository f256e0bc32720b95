-- Settlement of payments (docs/commerce.md): processor webhook events already applied (a replayed or
-- twice-delivered event is acknowledged and changes nothing), refunds and chargebacks, and access suspended
-- by a dispute.

-- One row per processor event applied, written in the transaction that applied it.
CREATE TABLE processor_events (
  processor text NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (processor, event_id)
);

-- A webhook names the processor's payment (a PaymentIntent id), not ours.
CREATE INDEX payments_processor_ref ON payments (processor, processor_ref);

-- A dispute (chargeback) suspends what the disputed payment bought until it is settled.
ALTER TABLE subscriptions ADD COLUMN suspended_at timestamptz;
ALTER TABLE course_purchases ADD COLUMN suspended_at timestamptz;

-- Who refunded a payment and why, for the ledger's refund rows (null for the processor's own reports).
ALTER TABLE ledger_entries ADD COLUMN actor_id bigint;
ALTER TABLE ledger_entries ADD COLUMN reason text;
