ALTER TABLE "users" ADD COLUMN "displayed_currency" text DEFAULT 'RUB' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tm_preferred_currency" text DEFAULT 'RUB' NOT NULL;