-- The confirmations centre's last list of each account, kept so the centre shows it without a Steam call, and
-- the background refresh's watch and lease (docs/confirmations.md, Background refresh).
CREATE TABLE "confirmation_snapshots" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"fetched_at" timestamp with time zone,
	"watched_until" timestamp with time zone NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "confirmation_snapshots" ADD CONSTRAINT "confirmation_snapshots_account_id_steam_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."steam_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_snapshots" ADD CONSTRAINT "confirmation_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "confirmation_snapshots_due" ON "confirmation_snapshots" USING btree ("watched_until","fetched_at");--> statement-breakpoint
DO $$
DECLARE
  t text := 'confirmation_snapshots';
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO tradedeck_app', t);
  END IF;
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  EXECUTE format(
    'CREATE POLICY %I ON %I USING ((select current_user <> ''tradedeck_app'') OR user_id = (select nullif(current_setting(''app.user_id'', true), '''')::uuid)) WITH CHECK ((select current_user <> ''tradedeck_app'') OR user_id = (select nullif(current_setting(''app.user_id'', true), '''')::uuid))',
    t || '_owner', t);
END $$;
