-- A Steam account sells on TM, Waxpeer or both: one seller account per Steam account and market.
DROP INDEX "seller_accounts_user_steam_account";--> statement-breakpoint
-- Waxpeer's deadline for our offer (`send_until`): no offer is started with a minute or less left.
ALTER TABLE "seller_deliveries" ADD COLUMN "send_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_accounts_user_steam_account_platform" ON "seller_accounts" USING btree ("user_id","steam_account_id","platform");
