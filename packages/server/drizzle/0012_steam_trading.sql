CREATE TABLE "steam_inventory_items" (
	"account_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"game" text NOT NULL,
	"app_id" integer NOT NULL,
	"context_id" text NOT NULL,
	"asset_id" text NOT NULL,
	"class_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"amount" integer NOT NULL,
	"name" text NOT NULL,
	"market_hash_name" text NOT NULL,
	"type" text NOT NULL,
	"icon_url" text,
	"exterior" text,
	"rarity" text,
	"tradable" boolean NOT NULL,
	"marketable" boolean NOT NULL,
	"tradable_after" timestamp with time zone,
	"protected_until" timestamp with time zone,
	"price_amount" bigint,
	"price_currency" text,
	"position" integer NOT NULL,
	CONSTRAINT "steam_inventory_items_account_id_app_id_context_id_asset_id_pk" PRIMARY KEY("account_id","app_id","context_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "steam_inventory_scans" (
	"account_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"game" text NOT NULL,
	"state" text NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"scanned_at" timestamp with time zone,
	"attempted_at" timestamp with time zone NOT NULL,
	"error_reason" text,
	CONSTRAINT "steam_inventory_scans_account_id_game_pk" PRIMARY KEY("account_id","game")
);
--> statement-breakpoint
CREATE TABLE "steam_trade_intents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"partner_steam_id" text,
	"offer_id" text,
	"offer_state" integer,
	"needs_confirmation" boolean DEFAULT false NOT NULL,
	"request" jsonb NOT NULL,
	"error_reason" text,
	"owner" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "steam_trade_sessions" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token_enc" text,
	"access_token_expires_at" timestamp with time zone,
	"trade_protection_acknowledged_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "steam_inventory_items" ADD CONSTRAINT "steam_inventory_items_account_id_steam_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."steam_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_inventory_items" ADD CONSTRAINT "steam_inventory_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_inventory_scans" ADD CONSTRAINT "steam_inventory_scans_account_id_steam_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."steam_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_inventory_scans" ADD CONSTRAINT "steam_inventory_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_trade_intents" ADD CONSTRAINT "steam_trade_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_trade_intents" ADD CONSTRAINT "steam_trade_intents_account_id_steam_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."steam_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_trade_sessions" ADD CONSTRAINT "steam_trade_sessions_account_id_steam_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."steam_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_trade_sessions" ADD CONSTRAINT "steam_trade_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "steam_inventory_items_account_game" ON "steam_inventory_items" USING btree ("account_id","game","position");--> statement-breakpoint
CREATE INDEX "steam_inventory_items_user" ON "steam_inventory_items" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "steam_inventory_scans_user" ON "steam_inventory_scans" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "steam_trade_intents_account_reference" ON "steam_trade_intents" USING btree ("account_id","kind","reference");--> statement-breakpoint
CREATE INDEX "steam_trade_intents_pending" ON "steam_trade_intents" USING btree ("status") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "steam_trade_intents_account_created" ON "steam_trade_intents" USING btree ("account_id","created_at");