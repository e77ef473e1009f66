-- The tiles-only API plan (api_tiles, sold by contract): an account may hold it like any other API
-- plan; the gate lets its tokens read tiles and refuses the parcel record API.
ALTER TABLE api_accounts DROP CONSTRAINT api_accounts_plan_check;
ALTER TABLE api_accounts ADD CONSTRAINT api_accounts_plan_check
  CHECK (plan IN ('api_sandbox', 'api_standard', 'api_premium', 'api_tiles'));
