-- Commerce renewals, dunning and trials (docs/commerce.md): the card a subscription renews with, how many
-- renewal charges have failed in a row, and the processor's reference to a saved card.
ALTER TABLE subscriptions ADD COLUMN payment_method_id bigint;
ALTER TABLE subscriptions ADD COLUMN dunning_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE payment_methods ADD COLUMN processor_ref text;
-- The expiry of the card a payment used (never its number), for the saved card a success creates.
ALTER TABLE payments ADD COLUMN card_exp_month integer;
ALTER TABLE payments ADD COLUMN card_exp_year integer;
