-- Per-key call pacing of the market (TM deletes a key that makes more than 5 requests a second), shared by every
-- server process. A row holds only a keyed hash of an API key and a time: no user, no key, nothing a tenant owns,
-- so the table has no row-level security (like steam_login_throttle).
CREATE TABLE "market_key_pacing" (
	"key_id" text PRIMARY KEY NOT NULL,
	"next_slot" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Reference prices move to the one money scale: USD and EUR in thousandths (they were ISO minor units, cents).
UPDATE "steam_inventory_items" SET "price_amount" = "price_amount" * 10 WHERE "price_currency" IN ('USD', 'EUR');
