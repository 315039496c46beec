-- Every server process remembers the users behind sessions for a moment (modules/users/session-users.ts).
-- Whoever changes what a session depends on (a user, or whether its account is active: the API, a cascade, a
-- script), its transaction sends this notification, which PostgreSQL delivers to the listening processes
-- only when it commits (db/notifications.ts); they then forget every remembered user. Statement-level and
-- with one payload, so a transaction sends it once however many rows it touched. The credit balance, which
-- every charged order changes, is not among the columns watched.
CREATE FUNCTION notify_session_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parcelops_session_users', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_session_users AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_users();
--> statement-breakpoint
CREATE TRIGGER accounts_notify_session_users AFTER UPDATE OF is_active OR DELETE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_users();
