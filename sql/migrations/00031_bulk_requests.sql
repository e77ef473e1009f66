-- Enquiries about bulk data licences (the /bulk page's form): nationwide or multi-state parcel data
-- under a licence is sold by the team, not checked out, so each enquiry is kept for the admin list and
-- mailed to the team. Bounded here as well as in the request contract.
CREATE TABLE bulk_requests (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 200),
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 200),
  organization text NOT NULL DEFAULT '' CHECK (char_length(organization) <= 200),
  scope text NOT NULL CHECK (scope IN ('nationwide', 'multi_state', 'states')),
  states text[] NOT NULL DEFAULT '{}' CHECK (cardinality(states) <= 60),
  use_case text NOT NULL DEFAULT '' CHECK (char_length(use_case) <= 4000),
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX bulk_requests_created_at ON bulk_requests (created_at DESC);
