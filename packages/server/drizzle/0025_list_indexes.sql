-- Composite indexes led by the user id for the lists' filters and sorts, each ending with the id: a page in any
-- of these orders, and the keyset page after a cursor, is one index range of the user's rows (docs/performance.md).
DROP INDEX IF EXISTS "proxies_user_status";--> statement-breakpoint
DROP INDEX IF EXISTS "proxies_user_country";--> statement-breakpoint
DROP INDEX IF EXISTS "proxies_user_created";--> statement-breakpoint
DROP INDEX IF EXISTS "proxies_user_host";--> statement-breakpoint
CREATE INDEX "proxies_user_id" ON "proxies" ("user_id", "id");--> statement-breakpoint
CREATE INDEX "proxies_user_status" ON "proxies" ("user_id", "status", "id");--> statement-breakpoint
CREATE INDEX "proxies_user_country" ON "proxies" ("user_id", "country_code", "id");--> statement-breakpoint
CREATE INDEX "proxies_user_created" ON "proxies" ("user_id", "created_at", "id");--> statement-breakpoint
CREATE INDEX "proxies_user_host" ON "proxies" ("user_id", "host", "id");--> statement-breakpoint
CREATE INDEX "proxies_user_latency" ON "proxies" ("user_id", "last_latency_ms", "id");--> statement-breakpoint
-- Checks are mostly listed newest first.
CREATE INDEX "proxies_user_checked" ON "proxies" ("user_id", "last_checked_at" DESC NULLS LAST, "id");--> statement-breakpoint
CREATE INDEX "proxies_user_name" ON "proxies" ("user_id", lower("name"), "id");--> statement-breakpoint
-- The "in use" status of a proxy reads the user's accounts by proxy.
CREATE INDEX "steam_accounts_user_proxy" ON "steam_accounts" ("user_id", "proxy_id");--> statement-breakpoint
CREATE INDEX "steam_accounts_user_id" ON "steam_accounts" ("user_id", "id");--> statement-breakpoint
CREATE INDEX "harvester_transactions_user_session" ON "harvester_transactions" ("user_id", "session_id", "id");--> statement-breakpoint
CREATE INDEX "harvester_transactions_user_session_status" ON "harvester_transactions" ("user_id", "session_id", "status", "id");
