-- Plans of the lots list at 100,000 lots per user (docs/performance.md, "Lots"), each index led by the user id.
-- The search's equality branches (an item id, an asset id) read an index instead of every lot: the search's count
-- is then one bitmap of the matching names, item ids and asset ids (asset ids use the unique (account, asset) index).
CREATE INDEX IF NOT EXISTS "lots_user_item" ON "lots" ("user_id", "item_id");--> statement-breakpoint
-- Status, then profile: the status filter (on sale, in the inventory) and the two together count from the index and
-- read a page in id order as one range.
CREATE INDEX IF NOT EXISTS "lots_user_status_profile" ON "lots" ("user_id", "status", "profile", "id");--> statement-breakpoint
-- One account's lots by name (a seller's usual view of one account) as one range, instead of walking every
-- account's lots in name order.
CREATE INDEX IF NOT EXISTS "lots_user_account_name" ON "lots" ("user_id", "seller_account_id", "market_hash_name", "id");
--> statement-breakpoint
-- Proxies (docs/performance.md, "Where a query's time goes"). The user's ids carry the stored status, so "newest
-- first" under a status filter walks the user's own index entries without fetching a row, instead of the primary
-- key backwards past every proxy other users added since (1.2 s at 1,000,000 proxies for the oldest user). The
-- status adds no width to the index entry (it fits the alignment padding of the uuid and the id).
DROP INDEX IF EXISTS "proxies_user_id";--> statement-breakpoint
CREATE INDEX "proxies_user_id" ON "proxies" ("user_id", "id") INCLUDE ("status");--> statement-breakpoint
-- A country and status together as one range: a rare combination reads no row to find none.
CREATE INDEX IF NOT EXISTS "proxies_user_country_status" ON "proxies" ("user_id", "country_code", "status", "id");
