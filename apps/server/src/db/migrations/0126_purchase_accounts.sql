-- Logged-out enterprise purchase (docs/commerce.md): the account a purchase made for its buyer, with the
-- password hash it was made with. While the user's hash is still that one, nobody has set a password: the
-- address is not verified yet, so a later logged-out purchase with it may use the account. Once the owner
-- sets a password through the mailed link (which proves the mailbox), the address is verified (spec 001 §5).
CREATE TABLE purchase_accounts (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  initial_password_hash text NOT NULL,
  created_at timestamptz NOT NULL
);
