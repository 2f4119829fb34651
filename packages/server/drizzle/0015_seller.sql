CREATE TABLE "seller_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"steam_account_id" integer NOT NULL,
	"platform" text DEFAULT 'tm' NOT NULL,
	"api_key_enc" text NOT NULL,
	"key_id" text NOT NULL,
	"api_key_hint" text NOT NULL,
	"payment_password_enc" text NOT NULL,
	"proxy_id" integer,
	"currency" text NOT NULL,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'stopped' NOT NULL,
	"loop_job_id" text,
	"platform_status" text DEFAULT 'none' NOT NULL,
	"platform_reason" text,
	"platform_detail" text,
	"platform_updated_at" timestamp with time zone,
	"balance_available" bigint,
	"balance_on_hold" bigint,
	"balance_currency" text,
	"balance_updated_at" timestamp with time zone,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"last_ping_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"seller_account_id" integer NOT NULL,
	"platform" text DEFAULT 'tm' NOT NULL,
	"hash" text NOT NULL,
	"status" text NOT NULL,
	"partner_steam_id" text NOT NULL,
	"trade_token" text,
	"message" text NOT NULL,
	"items" jsonb NOT NULL,
	"reference" text NOT NULL,
	"offer_id" text,
	"failure" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "seller_accounts" ADD CONSTRAINT "seller_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_accounts" ADD CONSTRAINT "seller_accounts_steam_account_id_steam_accounts_id_fk" FOREIGN KEY ("steam_account_id") REFERENCES "public"."steam_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_accounts" ADD CONSTRAINT "seller_accounts_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_deliveries" ADD CONSTRAINT "seller_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_deliveries" ADD CONSTRAINT "seller_deliveries_seller_account_id_seller_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."seller_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_accounts_user_steam_account" ON "seller_accounts" USING btree ("user_id","steam_account_id");--> statement-breakpoint
CREATE INDEX "seller_accounts_user_created" ON "seller_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "seller_accounts_status" ON "seller_accounts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_deliveries_account_hash" ON "seller_deliveries" USING btree ("seller_account_id","hash");--> statement-breakpoint
CREATE INDEX "seller_deliveries_user_account_status" ON "seller_deliveries" USING btree ("user_id","seller_account_id","status");
