-- A lost money-send settles only on positive evidence: both accounts' balances read before the send (in their market
-- currencies, integer units) are kept with the intent, and what the last check found is shown with the transfer.
ALTER TABLE "transfers" ADD COLUMN IF NOT EXISTS "sender_before" bigint;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN IF NOT EXISTS "receiver_before" bigint;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN IF NOT EXISTS "checks" jsonb;
