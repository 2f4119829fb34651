-- Plans of the lots list at 100,000 lots per user (docs/performance.md, "Lots"). A page in the order of a key
-- reads that key's index led by the user id and stops after the page, instead of sorting every matching lot.
-- Price is sorted both ways with nulls (lots in the inventory) last, which one index cannot serve in both
-- directions, so each direction has its own.
CREATE INDEX IF NOT EXISTS "lots_user_price" ON "lots" ("user_id", "price", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lots_user_price_desc" ON "lots" ("user_id", "price" DESC NULLS LAST, "id");--> statement-breakpoint
-- The name order ends with the id like every list order; the prices and groups that read by name use it too.
DROP INDEX IF EXISTS "lots_user_name";--> statement-breakpoint
CREATE INDEX "lots_user_name" ON "lots" ("user_id", "market_hash_name", "id");--> statement-breakpoint
-- An account's lots in list order (the account filter of the list, the sync and the repricing tick).
CREATE INDEX IF NOT EXISTS "lots_user_account" ON "lots" ("user_id", "seller_account_id", "id");
