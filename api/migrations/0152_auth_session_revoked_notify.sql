-- A revoked session is announced on channel `landing_sessions` (payload: the account id), whoever
-- revokes it: logout, "log out everywhere", a password change or reset, an e-mail change. The API
-- forwards it on its change stream, and the page servers drop their cached check of that
-- account's sessions at once (src/lib/read-cache.ts, src/domains/core/changes.routes.ts).
CREATE FUNCTION landing_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('landing_sessions', NEW.account_id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER auth_sessions_revoked AFTER UPDATE OF revoked_at ON auth_sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION landing_session_revoked();
