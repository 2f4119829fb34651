CREATE TABLE "lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"seller_account_id" integer NOT NULL,
	"platform" text DEFAULT 'tm' NOT NULL,
	"item_id" text,
	"asset_id" text NOT NULL,
	"class_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"market_hash_name" text NOT NULL,
	"game" text NOT NULL,
	"rarity" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"price" bigint,
	"purchase_price" bigint,
	"min_price" bigint,
	"max_price" bigint,
	"profile" text DEFAULT 'aggressive' NOT NULL,
	"strategy" jsonb NOT NULL,
	"status" text NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settlement" bigint DEFAULT 0 NOT NULL,
	"listed_at" timestamp with time zone,
	"price_updated_at" timestamp with time zone,
	"last_price_write_at" timestamp with time zone,
	"last_written_price" bigint,
	"last_reprice_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lot_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"seller_account_id" integer NOT NULL,
	"platform" text DEFAULT 'tm' NOT NULL,
	"item_id" text NOT NULL,
	"market_hash_name" text NOT NULL,
	"game" text NOT NULL,
	"currency" text NOT NULL,
	"price" bigint NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"hold_release_at" timestamp with time zone,
	"state" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lot_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"game" text NOT NULL,
	"market_hash_name" text NOT NULL,
	"custom_price" bigint,
	"custom_currency" text,
	"custom_updated_at" timestamp with time zone,
	"providers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lot_price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"price_id" integer NOT NULL,
	"source" text NOT NULL,
	"currency" text NOT NULL,
	"price" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lot_reprice_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"summary" jsonb NOT NULL,
	"strategy" jsonb,
	"profile" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lot_repricers" (
	"seller_account_id" integer PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"job_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lot_repricers" ADD CONSTRAINT "lot_repricers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_repricers" ADD CONSTRAINT "lot_repricers_seller_account_id_seller_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."seller_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_seller_account_id_seller_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."seller_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_sales" ADD CONSTRAINT "lot_sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_sales" ADD CONSTRAINT "lot_sales_seller_account_id_seller_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."seller_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_prices" ADD CONSTRAINT "lot_prices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_price_history" ADD CONSTRAINT "lot_price_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_price_history" ADD CONSTRAINT "lot_price_history_price_id_lot_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."lot_prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lot_reprice_jobs" ADD CONSTRAINT "lot_reprice_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lots_account_asset" ON "lots" USING btree ("seller_account_id","asset_id");--> statement-breakpoint
CREATE INDEX "lots_user_name" ON "lots" USING btree ("user_id","market_hash_name");--> statement-breakpoint
CREATE INDEX "lots_user_id" ON "lots" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lot_sales_account_item" ON "lot_sales" USING btree ("seller_account_id","item_id");--> statement-breakpoint
CREATE INDEX "lot_sales_user_sold" ON "lot_sales" USING btree ("user_id","sold_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lot_prices_user_item" ON "lot_prices" USING btree ("user_id","game","market_hash_name");--> statement-breakpoint
CREATE INDEX "lot_price_history_price_at" ON "lot_price_history" USING btree ("price_id","at");--> statement-breakpoint
CREATE INDEX "lot_reprice_jobs_user" ON "lot_reprice_jobs" USING btree ("user_id","id");
