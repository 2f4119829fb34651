CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"custom_id" text NOT NULL,
	"from_account_id" integer NOT NULL,
	"from_login" text NOT NULL,
	"to_account_id" integer NOT NULL,
	"to_login" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"received_amount" bigint,
	"received_currency" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"failure" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transfer_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"seller_account_id" integer NOT NULL,
	"receiver_key_enc" text,
	"receiver_key_hint" text,
	"receiver_key_mismatch" boolean DEFAULT false NOT NULL,
	"payment_password_enc" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_secrets" ADD CONSTRAINT "transfer_secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_secrets" ADD CONSTRAINT "transfer_secrets_seller_account_id_seller_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."seller_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_custom_id" ON "transfers" USING btree ("custom_id");--> statement-breakpoint
CREATE INDEX "transfers_user_created" ON "transfers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_one_open_per_sender" ON "transfers" USING btree ("from_account_id") WHERE "status" IN ('sending', 'unknown');--> statement-breakpoint
CREATE INDEX "transfers_open" ON "transfers" USING btree ("status") WHERE "status" IN ('sending', 'unknown');--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_secrets_account" ON "transfer_secrets" USING btree ("seller_account_id");
