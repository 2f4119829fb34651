-- Plans of the proxies list at 100,000 rows per user (docs/performance.md, "Where a query's time goes").
-- Tag filters read the links of one tag in proxy order from the index alone: the policy's user_id is in the
-- index too, so neither the policy nor the filter's own user_id condition fetches a row.
DROP INDEX IF EXISTS "proxy_tag_links_tag";--> statement-breakpoint
CREATE INDEX "proxy_tag_links_tag" ON "proxy_tag_links" ("tag_id", "proxy_id", "user_id");--> statement-breakpoint
-- Country and status are filtered together, and they are not independent (a country's proxies are often all
-- checked at once): without these statistics the planner multiplies their shares, expects a match in the first
-- rows of an ordered index, and walks all of the user's rows when the combination is rare. They are built by the
-- next ANALYZE (autovacuum's): not here, since an ANALYZE of empty tables (a new installation) would tell the
-- planner they stay empty, and the embedded database has no autovacuum to correct it.
CREATE STATISTICS IF NOT EXISTS "proxies_country_status" (mcv, dependencies) ON "country_code", "status" FROM "proxies";--> statement-breakpoint
-- A search finds tens to hundreds of rows, not the thousand a set-returning function is assumed to: with that
-- estimate the planner probes the matches by id instead of walking the user's rows in id order.
ALTER FUNCTION proxy_search_ids(text) ROWS 100;--> statement-breakpoint
ALTER FUNCTION steam_account_search_ids(text) ROWS 100;--> statement-breakpoint
-- The search indexes hold the user id beside the trigrams (btree_gin), so a search reads the candidates of one
-- user only: with the trigrams alone, a table shared by many users yields every user's matches, each fetched and
-- thrown away (at 1,000,000 proxies of 10 users, 70 ms instead of 2 ms; a search of digits and dots, whose
-- trigrams are common, read all 1,000,000 rows).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX IF EXISTS "proxies_search_trgm";--> statement-breakpoint
CREATE INDEX "proxies_search_trgm" ON "proxies"
  USING gin ("user_id", ("host" || ' ' || coalesce("name", '') || ' ' || coalesce("username", '')) gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "steam_accounts_search_trgm";--> statement-breakpoint
CREATE INDEX "steam_accounts_search_trgm" ON "steam_accounts"
  USING gin ("user_id", ("login" || ' ' || coalesce("steam_id", '')) gin_trgm_ops);
