-- Billing: the cards a group keeps (only the provider's token and what may be shown: brand, last 4,
-- expiry, cardholder), the group's subscription, and every money movement as an order (charges,
-- renewals, credits, refunds) with the idempotency key that makes a repeated submission charge once.
-- local_* tables are the built-in payment provider's own ledger (what a card processor would keep).
-- The payer at the provider is the user (a group may not exist yet when its first plan is bought).
CREATE TABLE billing_customers (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  customer_id text NOT NULL
);

CREATE TABLE cards (
  token text PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  added_by bigint REFERENCES users (id) ON DELETE SET NULL,
  provider text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL,
  cardholder_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cards_group ON cards (group_id);

CREATE TABLE subscriptions (
  id bigserial PRIMARY KEY,
  group_id bigint NOT NULL UNIQUE REFERENCES groups (id) ON DELETE CASCADE,
  plan text NOT NULL,
  cycle text NOT NULL CHECK (cycle IN ('monthly', 'annual')),
  users integer NOT NULL CHECK (users BETWEEN 1 AND 25),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  card_token text REFERENCES cards (token) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'past_due', 'canceled')),
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  credit_cents integer NOT NULL DEFAULT 0 CHECK (credit_cents >= 0),
  -- Renewal attempts that failed in this period, and when the next one is due (renewals.ts).
  renewal_failures integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_due ON subscriptions (period_end) WHERE status <> 'canceled';

CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  group_id bigint REFERENCES groups (id) ON DELETE SET NULL,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('subscription', 'renewal', 'plan_change', 'credit', 'refund', 'data')),
  description text NOT NULL,
  amount_cents integer NOT NULL,
  charge_id text,
  idempotency_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_group ON orders (group_id, created_at DESC);

CREATE TABLE local_payment_methods (
  id text PRIMARY KEY,
  customer_id text,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  cardholder_name text NOT NULL,
  -- What the test card does when charged (test-cards.ts); the number itself is never stored.
  behaviour jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE local_customers (
  id text PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE local_charges (
  id text PRIMARY KEY,
  customer_id text NOT NULL,
  payment_method_id text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  description text NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  refunded_cents integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE local_refunds (
  id text PRIMARY KEY,
  charge_id text NOT NULL REFERENCES local_charges (id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  idempotency_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Offers (accounts-billing.md section 3): a code an admin makes, applied at checkout or in the
-- change-plan form: its own price (per seat for per-seat plans), optionally for one account only.
CREATE TABLE offers (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9-]{3,40}$'),
  name text NOT NULL,
  plan text NOT NULL,
  cycle text NOT NULL CHECK (cycle IN ('monthly', 'annual')),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  group_id bigint REFERENCES groups (id) ON DELETE CASCADE,
  expires_at timestamptz,
  created_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
