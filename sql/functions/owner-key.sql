-- owner_key(text): the grouping key of a published owner name, so that spellings of one owner count
-- as one in the ownership insight, the owner search and the owner highlight ("DUPREY, NICHOLAS D" and
-- "DUPREY NICHOLAS D"; "CITY OF CAMBRIDGE" and "CAMBRIDGE CITY OF"). The stored owner stays as
-- published; only grouping and matching use this key. The one implementation (no TypeScript copy):
-- the expression index parcels_owner_key (migration 00035) is built from it, so a change to the rules
-- below rebuilds that index and drops the stored insights (the DO blocks around the definition; the
-- migration runner applies this file in one transaction, which the set_config(..., true) relies on).
-- Conservative on purpose: only spellings that cannot name different owners are merged (punctuation,
-- spacing, legal-form and trustee abbreviations, the two orders of a public body's name); "SMITH JOHN"
-- and "SMITH JOAN", or a city and its housing authority, keep different keys.

DO $$
BEGIN
  PERFORM set_config('parcel_map.owner_key_before',
    coalesce((SELECT p.prosrc FROM pg_proc p WHERE p.oid = to_regprocedure('owner_key(text)')), ''), true);
END $$;

-- PL/pgSQL on purpose: the steps run in order on one variable, each guarded by a cheap test (most
-- names are people's, with no legal form in them). The same steps as one LANGUAGE sql function were 2 to
-- 3 times slower (nested subqueries are flattened by the planner, repeating each step's input in its guard).
CREATE OR REPLACE FUNCTION owner_key(name text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  k text;
  before text;
BEGIN
  -- Upper case; apostrophes and periods dropped inside words (O'NEIL, L.L.C., INC.); '&' is AND; any
  -- other punctuation (commas, slashes, hyphens, brackets) and any run of spaces is one space.
  k := btrim(regexp_replace(replace(translate(upper(name), '''’`.', ''), '&', ' AND '), '[^[:alnum:]]+', ' ', 'g'));
  -- Spelled-out and spaced legal forms, longest first ("LIMITED LIABILITY COMPANY" is not "... CO").
  IF k ~ '\y(LIMITED|L L|ET)\y' THEN
    k := regexp_replace(k, '\yLIMITED LIABILITY COMPANY\y', 'LLC', 'g');
    k := regexp_replace(k, '\yLIMITED LIABILITY PARTNERSHIP\y', 'LLP', 'g');
    k := regexp_replace(k, '\yLIMITED PARTNERSHIP\y', 'LP', 'g');
    k := regexp_replace(k, '\yL L C\y', 'LLC', 'g');
    k := regexp_replace(k, '\yL L P\y', 'LLP', 'g');
    k := regexp_replace(k, '\yET (AL|ALS|UX|VIR)\y', 'ET\1', 'g');
  END IF;
  -- One word for each abbreviation assessors use: trustee(s), company, corporation, and a few more.
  IF k ~ '\y(TRUSTEES|TRUSTEE|TRSTEES|TRSTEE|TRSTES|TRSTE|TRSTS|TRST|TRS|TTEES|TTEE|INCORPORATED|CORPORATION|COMPANY|LIMITED|ETALS|AUTHORITY|REALTY|DEPARTMENT|ASSOCIATION|MANAGEMENT)\y' THEN
    k := regexp_replace(k, '\y(TRUSTEES|TRUSTEE|TRSTEES|TRSTEE|TRSTES|TRSTE|TRSTS|TRST|TRS|TTEES|TTEE)\y', 'TR', 'g');
    k := regexp_replace(k, '\yINCORPORATED\y', 'INC', 'g');
    k := regexp_replace(k, '\yCORPORATION\y', 'CORP', 'g');
    k := regexp_replace(k, '\yCOMPANY\y', 'CO', 'g');
    k := regexp_replace(k, '\yLIMITED\y', 'LTD', 'g');
    k := regexp_replace(k, '\yETALS\y', 'ETAL', 'g');
    k := regexp_replace(k, '\yAUTHORITY\y', 'AUTH', 'g');
    k := regexp_replace(k, '\yREALTY\y', 'RLTY', 'g');
    k := regexp_replace(k, '\yDEPARTMENT\y', 'DEPT', 'g');
    k := regexp_replace(k, '\yASSOCIATION\y', 'ASSN', 'g');
    k := regexp_replace(k, '\yMANAGEMENT\y', 'MGMT', 'g');
  END IF;
  -- A leading article ("THE SMITH FAMILY TRUST" is "SMITH FAMILY TRUST"), and public bodies in either
  -- order: "CITY OF X", "X CITY OF" and "X CITY" are "X CITY" (also town, county, state, commonwealth,
  -- village, borough, township), Massachusetts's short forms first. Repeated until nothing changes
  -- ("CITY OF THE X"), so that the key of a key is itself.
  LOOP
    before := k;
    IF k LIKE 'THE %' THEN
      k := substr(k, 5);
    END IF;
    IF strpos(k, ' OF') > 0 OR strpos(k, 'COMMONWEALTH') > 0 THEN
      k := regexp_replace(k, '^(COMMONWEALTH|COMM|CMWLTH) OF (MASS|MA)$', 'COMMONWEALTH OF MASSACHUSETTS');
      k := regexp_replace(k, '^(MASS|MA) COMMONWEALTH( OF)?$', 'MASSACHUSETTS COMMONWEALTH');
      k := regexp_replace(k, '^(CITY|TOWN|COUNTY|STATE|COMMONWEALTH|VILLAGE|BOROUGH|TOWNSHIP) OF (.+)$', '\2 \1');
      k := regexp_replace(k, '^(.+) (CITY|TOWN|COUNTY|STATE|COMMONWEALTH|VILLAGE|BOROUGH|TOWNSHIP) OF$', '\1 \2');
    END IF;
    EXIT WHEN k = before;
  END LOOP;
  RETURN nullif(k, '');
END
$$;

COMMENT ON FUNCTION owner_key(text) IS
  'Grouping key of a published owner name (sql/functions/owner-key.sql); the stored owner stays as published.';

-- New rules make the index and the stored insights (grouped by the old key) wrong: rebuild and drop them.
DO $$
BEGIN
  IF current_setting('parcel_map.owner_key_before', true) NOT IN ('',
       (SELECT p.prosrc FROM pg_proc p WHERE p.oid = to_regprocedure('owner_key(text)'))) THEN
    IF to_regclass('parcels_owner_key') IS NOT NULL THEN
      REINDEX INDEX parcels_owner_key;
    END IF;
    IF to_regclass('place_insights') IS NOT NULL THEN
      DELETE FROM place_insights;
    END IF;
  END IF;
END $$;
