-- Money guards of the security review: the stand-alone API plans an account had in force during each
-- calendar month (M4: a month's overage is priced by the dearest of them, so a switch back before the
-- overage run cannot cheapen usage made on the dearer plan), and the accounts that used an offer code
-- not bound to one account (Low 11: each account may use such a code once).
CREATE TABLE api_plan_months (
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  month date NOT NULL,
  plan text NOT NULL,
  PRIMARY KEY (group_id, month, plan)
);

CREATE TABLE offer_redemptions (
  code text NOT NULL REFERENCES offers (code) ON DELETE CASCADE,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (code, group_id)
);
