-- Adaptive pacing of Steam calls shared by every server process: one row per limiter, (egress, class) or
-- (account, class), its state moved by compare-and-set on `version`. A row names no user (Steam limits an egress
-- or an account for whoever uses it): a system table, closed to the app role like steam_login_throttle (0034).
CREATE TABLE "pacing_limiters" (
	"key" text PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"version" integer NOT NULL,
	"rest_until" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pacing_limiters" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "pacing_limiters" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "pacing_limiters_system" ON "pacing_limiters"
  USING ((select current_user <> 'tradedeck_app' AND nullif(current_setting('app.user_id', true), '') IS NULL))
  WITH CHECK ((select current_user <> 'tradedeck_app' AND nullif(current_setting('app.user_id', true), '') IS NULL));
