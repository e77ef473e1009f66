-- Tells every server process that what it may have cached about a group's API token is stale (token
-- rotated, plan changed, group renamed or deleted), on the tile cache's own channel, so that a revoked
-- token is refused at once everywhere (tileserver/src/auth/caller.ts). Sent at commit, whatever code
-- path made the change. Sessions need none: every request reads its session row.
CREATE OR REPLACE FUNCTION notify_group_auth() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('layer_versions', 'auth:group:' || OLD.id);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER groups_auth_notify_update
  AFTER UPDATE ON groups
  FOR EACH ROW
  WHEN (OLD.api_token_hash IS DISTINCT FROM NEW.api_token_hash OR OLD.tier IS DISTINCT FROM NEW.tier
        OR OLD.name IS DISTINCT FROM NEW.name OR OLD.slug IS DISTINCT FROM NEW.slug)
  EXECUTE FUNCTION notify_group_auth();

CREATE OR REPLACE TRIGGER groups_auth_notify_delete
  AFTER DELETE ON groups
  FOR EACH ROW EXECUTE FUNCTION notify_group_auth();
