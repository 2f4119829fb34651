-- Repricing apply jobs that survive a crash: each mass price write is recorded before its market call and marked
-- answered after it; a running job keeps a heartbeat so another process can tell it was cut.
ALTER TABLE "lot_reprice_jobs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lot_reprice_jobs" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE TABLE "lot_reprice_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"job_id" integer NOT NULL,
	"seller_account_id" integer NOT NULL,
	"item_ids" jsonb NOT NULL,
	"state" text NOT NULL,
	"refused" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lot_reprice_batches" ADD CONSTRAINT "lot_reprice_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_reprice_batches" ADD CONSTRAINT "lot_reprice_batches_job_id_lot_reprice_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."lot_reprice_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lot_reprice_batches_job" ON "lot_reprice_batches" USING btree ("job_id","id");--> statement-breakpoint
-- Every local write of a lot takes the next number: a sync skips lots written after it started reading the market,
-- so a snapshot read before a delete or a price write never puts the old state back.
CREATE SEQUENCE IF NOT EXISTS "lot_write_seq";--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "write_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Row-level security as for every user-owned table (0013, 0020).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON lot_reprice_batches TO tradedeck_app';
    EXECUTE 'GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO tradedeck_app';
  END IF;
  EXECUTE 'ALTER TABLE lot_reprice_batches ENABLE ROW LEVEL SECURITY';
  EXECUTE 'ALTER TABLE lot_reprice_batches FORCE ROW LEVEL SECURITY';
  EXECUTE 'CREATE POLICY lot_reprice_batches_owner ON lot_reprice_batches USING ((select current_user <> ''tradedeck_app'') OR user_id = (select nullif(current_setting(''app.user_id'', true), '''')::uuid)) WITH CHECK ((select current_user <> ''tradedeck_app'') OR user_id = (select nullif(current_setting(''app.user_id'', true), '''')::uuid))';
END $$;
