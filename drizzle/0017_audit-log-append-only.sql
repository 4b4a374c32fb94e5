-- The audit log is append-only: no UPDATE ever, and DELETE only of entries older than a year
-- (the retention purge, app/server/audit.server.ts purgeAuditLog). Anything else is refused here,
-- whatever the code path, so an entry cannot be edited or removed from the app.
CREATE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'audit_log is append-only: entries cannot be changed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.at > now() - interval '1 year' THEN
    RAISE EXCEPTION 'audit_log is append-only: entries are kept a year' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_guard();
