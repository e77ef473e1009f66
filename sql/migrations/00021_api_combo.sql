-- API access on a Pro or Team subscription (the spec's api_combo, features/api-combo/): the API plan
-- the site subscription also pays for, and its price for the subscription's period (the API plan's
-- monthly price times the months of the cycle). Renewals charge price_cents + api_price_cents.
ALTER TABLE subscriptions
  ADD COLUMN api_access text CHECK (api_access IN ('api_standard', 'api_premium')),
  ADD COLUMN api_price_cents integer NOT NULL DEFAULT 0 CHECK (api_price_cents >= 0),
  ADD CONSTRAINT subscriptions_api_price_with_access CHECK (api_access IS NOT NULL OR api_price_cents = 0);
