-- Tells running tile servers that a layer's version changed (data reloaded, source edited), so they
-- switch cache keys and tile URLs at once instead of serving stale tiles.
CREATE OR REPLACE FUNCTION notify_layer_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('layer_versions', NEW.layer || ':' || NEW.version);
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER layer_versions_notify
  AFTER INSERT OR UPDATE ON layer_versions
  FOR EACH ROW EXECUTE FUNCTION notify_layer_version();

-- Bumps one layer's version; loaders and source edits call it.
CREATE OR REPLACE FUNCTION bump_layer_version(layer_name text) RETURNS bigint LANGUAGE sql AS $$
  INSERT INTO layer_versions (layer, version, updated_at) VALUES (layer_name, 1, now())
  ON CONFLICT (layer) DO UPDATE SET version = layer_versions.version + 1, updated_at = now()
  RETURNING version;
$$;
