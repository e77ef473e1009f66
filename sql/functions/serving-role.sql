-- What the serving role (tileserver/src/db/roles.ts: no superuser, owns no table) needs done as the
-- owner: the admin import, which runs in the server as that role, switches the parcels' band triggers
-- off for its one transaction (bulk-swap.ts) and analyses parcels after it. ALTER TABLE and ANALYZE are
-- the table owner's; these two run as their owner (SECURITY DEFINER) and take no text, so they can do
-- nothing else. search_path is fixed so that no caller's schema can stand in for parcels.
CREATE OR REPLACE FUNCTION set_parcel_band_triggers(enabled boolean)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF enabled THEN
    ALTER TABLE public.parcels ENABLE TRIGGER parcel_tiles_insert, ENABLE TRIGGER parcel_tiles_update,
      ENABLE TRIGGER parcel_tiles_delete;
  ELSE
    ALTER TABLE public.parcels DISABLE TRIGGER parcel_tiles_insert, DISABLE TRIGGER parcel_tiles_update,
      DISABLE TRIGGER parcel_tiles_delete;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION analyze_parcels()
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  ANALYZE public.parcels;
END $$;

REVOKE EXECUTE ON FUNCTION set_parcel_band_triggers(boolean) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION analyze_parcels() FROM PUBLIC;
