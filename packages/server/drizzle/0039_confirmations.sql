-- The confirmations centre: per-tag rules for what is answered on its own, the market listings Tradedeck made (their
-- confirmations are ours), and bulk answers written before their Steam calls with each confirmation's outcome.
CREATE TABLE "confirmation_job_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"job_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"confirmation_id" text NOT NULL,
	"nonce" text NOT NULL,
	"type" integer NOT NULL,
	"creator_id" text NOT NULL,
	"ours" boolean NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "confirmation_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"accept" boolean NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"selection" jsonb NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "confirmation_own_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"listing_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "confirmation_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"tag_id" integer NOT NULL,
	"accept_own_offers" boolean DEFAULT true NOT NULL,
	"accept_own_listings" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "confirmation_job_items" ADD CONSTRAINT "confirmation_job_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_job_items" ADD CONSTRAINT "confirmation_job_items_job_id_confirmation_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."confirmation_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_jobs" ADD CONSTRAINT "confirmation_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_own_listings" ADD CONSTRAINT "confirmation_own_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_own_listings" ADD CONSTRAINT "confirmation_own_listings_account_id_steam_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."steam_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_rules" ADD CONSTRAINT "confirmation_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_rules" ADD CONSTRAINT "confirmation_rules_tag_id_steam_account_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."steam_account_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "confirmation_job_items_job" ON "confirmation_job_items" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "confirmation_jobs_user" ON "confirmation_jobs" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "confirmation_own_listings_account_listing" ON "confirmation_own_listings" USING btree ("account_id","listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "confirmation_rules_user_tag" ON "confirmation_rules" USING btree ("user_id","tag_id");--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['confirmation_rules', 'confirmation_own_listings', 'confirmation_jobs', 'confirmation_job_items']
  LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO tradedeck_app', t);
    END IF;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING ((select current_user <> ''tradedeck_app'') OR user_id = (select nullif(current_setting(''app.user_id'', true), '''')::uuid)) WITH CHECK ((select current_user <> ''tradedeck_app'') OR user_id = (select nullif(current_setting(''app.user_id'', true), '''')::uuid))',
      t || '_owner', t);
  END LOOP;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    EXECUTE 'GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO tradedeck_app';
  END IF;
END $$;
