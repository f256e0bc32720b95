-- Certificate states (spec 001 §4; docs/commerce.md "Certificates follow money"): a certificate is active
-- when issued; a refund or a chargeback of the purchase that paid for its course revokes it (revoked_return,
-- revoked_chargeback) in the ledger row's transaction. The other states are named for the verification and
-- administration flows.
ALTER TABLE certificates ADD COLUMN state text NOT NULL DEFAULT 'active' CHECK (
  state IN (
    'pending_verification',
    'verification_failed',
    'active',
    'revoked_by_admin',
    'revoked_chargeback',
    'revoked_return',
    'revoked_legal_name_change',
    'revoked_deletion'
  )
);
ALTER TABLE certificates ADD COLUMN state_changed_at timestamptz;
