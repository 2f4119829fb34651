-- The ledger (docs/ledger.md): append-only entries in integer minor units (the app role may only read and add
-- them: a correction is a new entry), the profit per day kept with them, and each sale's state.
CREATE TABLE "ledger_days" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"currency" text NOT NULL,
	"effect" text NOT NULL,
	"realised" boolean NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"effect" text NOT NULL,
	"realised" boolean DEFAULT true NOT NULL,
	"account_id" integer,
	"account_login" text,
	"market_account_id" integer,
	"bucket" text,
	"sale_id" integer,
	"market_hash_name" text,
	"game" text,
	"quantity" integer DEFAULT 0 NOT NULL,
	"method" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"rate" text,
	"corrects_id" bigint,
	"source_key" text NOT NULL,
	"note" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"market_account_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"account_login" text NOT NULL,
	"platform" text DEFAULT 'tm' NOT NULL,
	"item_id" text NOT NULL,
	"market_hash_name" text NOT NULL,
	"game" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"costed" boolean DEFAULT false NOT NULL,
	"buyer" text,
	"sold_at" timestamp with time zone NOT NULL,
	"settles_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"reversed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_days" ADD CONSTRAINT "ledger_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_sales" ADD CONSTRAINT "ledger_sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_days_key" ON "ledger_days" USING btree ("user_id","day","currency","effect","realised","method");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_user_source" ON "ledger_entries" USING btree ("user_id","source_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_occurred" ON "ledger_entries" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_item" ON "ledger_entries" USING btree ("user_id","market_hash_name","occurred_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_sale" ON "ledger_entries" USING btree ("user_id","sale_id") WHERE "ledger_entries"."sale_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_market" ON "ledger_entries" USING btree ("user_id","market_account_id") WHERE "ledger_entries"."bucket" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_sales_account_item" ON "ledger_sales" USING btree ("market_account_id","item_id");--> statement-breakpoint
CREATE INDEX "ledger_sales_user_status" ON "ledger_sales" USING btree ("user_id","status","settles_at");--> statement-breakpoint
CREATE INDEX "ledger_sales_user_uncosted" ON "ledger_sales" USING btree ("user_id","sold_at") WHERE NOT "ledger_sales"."costed";
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    GRANT SELECT, INSERT ON ledger_entries TO tradedeck_app;
    GRANT SELECT, INSERT, UPDATE ON ledger_days, ledger_sales TO tradedeck_app;
    GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO tradedeck_app;
  END IF;
  FOREACH t IN ARRAY ARRAY['ledger_entries', 'ledger_days', 'ledger_sales']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY %I ON %I USING (%3$s) WITH CHECK (%3$s)',
      t || '_owner', t,
      'user_id = (select nullif(current_setting(''app.user_id'', true), '''')::uuid)'
        || ' OR (select current_user <> ''tradedeck_app'' AND nullif(current_setting(''app.user_id'', true), '''') IS NULL)');
  END LOOP;
END $$;
