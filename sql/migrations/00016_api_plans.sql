-- API plans (issue 12): a group's API plan (sandbox, standard, premium) with the sandbox's counties and
-- end, the 7-day trial's charge date and the optional usage cap; and the metered usage per group and
-- month (tiles served and parcel records returned), written in batches by metering/usage-meter.ts.
-- Paid API plans are billed through the group's row in subscriptions (renewals.ts charges the trial).
CREATE TABLE api_accounts (
  group_id bigint PRIMARY KEY REFERENCES groups (id) ON DELETE CASCADE,
  plan text NOT NULL CHECK (plan IN ('api_sandbox', 'api_standard', 'api_premium')),
  started_at timestamptz NOT NULL,
  -- The sandbox's end (30 days, no extension); null for paid plans.
  ends_at timestamptz,
  -- A paid plan bought with the 7-day free trial: the first charge date.
  trial_ends_at timestamptz,
  -- County paths ('/us/ma/middlesex') the sandbox covers; empty for paid plans (everything loaded).
  counties text[] NOT NULL DEFAULT '{}',
  -- Most overage a month may cost; null for no cap. At the cap the API answers 429.
  usage_cap_cents integer CHECK (usage_cap_cents >= 0),
  -- One sandbox and one free trial per person, ever ("no extension").
  sandbox_user_id bigint UNIQUE REFERENCES users (id) ON DELETE SET NULL,
  trial_user_id bigint UNIQUE REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_usage (
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  month date NOT NULL,
  tiles bigint NOT NULL DEFAULT 0 CHECK (tiles >= 0),
  records bigint NOT NULL DEFAULT 0 CHECK (records >= 0),
  PRIMARY KEY (group_id, month)
);

-- Overage is billed once per finished month (features/api-plans/overage-billing.ts): the amount
-- charged (0 when there was none) and when; a declined charge is retried a day later.
ALTER TABLE api_usage
  ADD COLUMN billed_cents integer,
  ADD COLUMN billed_at timestamptz,
  ADD COLUMN billing_failed_at timestamptz;
ALTER TABLE orders DROP CONSTRAINT orders_kind_check;
ALTER TABLE orders ADD CONSTRAINT orders_kind_check CHECK (kind IN ('subscription', 'renewal', 'plan_change', 'credit', 'refund', 'data', 'overage'));
