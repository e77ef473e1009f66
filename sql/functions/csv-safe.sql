-- csv_safe(text): the spreadsheet-formula guard of GDAL csv exports, the same rule as
-- tileserver/src/http/csv.ts: text starting with = + - @, a tab or a carriage return gets a leading
-- apostrophe, so a spreadsheet shows it as text instead of running it.
CREATE OR REPLACE FUNCTION csv_safe(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN left(value, 1) IN ('=', '+', '-', '@', E'\t', E'\r') THEN '''' || value ELSE value END
$$;
