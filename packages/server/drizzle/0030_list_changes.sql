-- Which users' lists changed, and in which transaction: the capped totals a server keeps between requests
-- (src/db/list-totals.ts) stay valid only while no row here belongs to a transaction their snapshot did not see.
-- One row per (user, source table, transaction), written by statement-level triggers on every table a list's
-- count reads; ON CONFLICT DO NOTHING on a key that holds the transaction id, so writes of different
-- transactions never wait on each other. Rows are purged once every snapshot a cached total can hold sees them
-- (the periodic purge in list-changes-purge.ts). See docs/performance.md, "Totals kept between requests".
CREATE TABLE "list_changes" (
  "user_id" uuid NOT NULL,
  "source" text NOT NULL,
  "xid" xid8 NOT NULL DEFAULT pg_current_xact_id(),
  CONSTRAINT "list_changes_pk" PRIMARY KEY ("user_id", "source", "xid")
);--> statement-breakpoint
-- Runs as the owner, so a write of the restricted role notes its change without being granted the table, and
-- a write of a background job (owner role) does too. The user ids come from the rows the statement wrote.
-- An UPDATE notes the rows' new owner only: no statement moves a row from one user to another.
CREATE FUNCTION list_changes_note() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO list_changes (user_id, source)
      SELECT DISTINCT user_id, TG_TABLE_NAME::text FROM old_rows ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO list_changes (user_id, source)
      SELECT DISTINCT user_id, TG_TABLE_NAME::text FROM new_rows ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION list_changes_note() FROM PUBLIC;--> statement-breakpoint
-- The tables the lists' counts read: proxies (their tags, and the accounts that make a proxy "in use"), Steam
-- accounts (their tags; an account search matches its proxy's address), lots, sales, harvester transactions.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['proxies', 'proxy_tag_links', 'steam_accounts', 'steam_account_tag_links', 'lots',
    'lot_sales', 'harvester_transactions']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note()', t || '_list_changes_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note()', t || '_list_changes_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note()', t || '_list_changes_delete', t);
  END LOOP;
END $$;--> statement-breakpoint
-- Row-level security as for every user-owned table (0013): the app role reads only its user's changes, and
-- only reads them (the triggers write as the owner).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    GRANT SELECT ON list_changes TO tradedeck_app;
  END IF;
  ALTER TABLE list_changes ENABLE ROW LEVEL SECURITY;
  ALTER TABLE list_changes FORCE ROW LEVEL SECURITY;
  CREATE POLICY list_changes_owner ON list_changes
    USING ((select current_user <> 'tradedeck_app') OR user_id = (select nullif(current_setting('app.user_id', true), '')::uuid))
    WITH CHECK ((select current_user <> 'tradedeck_app') OR user_id = (select nullif(current_setting('app.user_id', true), '')::uuid));
END $$;
