CREATE TABLE "proxies" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"protocol" smallint NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text,
	"password_enc" text,
	"name" text,
	"identity_hash" text NOT NULL,
	"country_code" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_valid" boolean,
	"last_latency_ms" integer,
	"last_exit_ip" text,
	"last_error_class" text,
	"last_valid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proxy_tag_links" (
	"user_id" uuid NOT NULL,
	"proxy_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "proxy_tag_links_proxy_id_tag_id_pk" PRIMARY KEY("proxy_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "proxy_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "steam_account_tag_links" (
	"user_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "steam_account_tag_links_account_id_tag_id_pk" PRIMARY KEY("account_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "steam_account_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "steam_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"login" text NOT NULL,
	"steam_id" text,
	"avatar_uri" text,
	"proxy_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"last_error_reason" text,
	"last_login_at" timestamp with time zone,
	"password_enc" text NOT NULL,
	"mafile_enc" text NOT NULL,
	"refresh_token_enc" text,
	"refresh_token_expires_at" timestamp with time zone,
	"has_shared_secret" boolean DEFAULT false NOT NULL,
	"has_identity_secret" boolean DEFAULT false NOT NULL,
	"has_revocation_code" boolean DEFAULT false NOT NULL,
	"balances" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_tag_links" ADD CONSTRAINT "proxy_tag_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_tag_links" ADD CONSTRAINT "proxy_tag_links_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_tag_links" ADD CONSTRAINT "proxy_tag_links_tag_id_proxy_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."proxy_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_tags" ADD CONSTRAINT "proxy_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_account_tag_links" ADD CONSTRAINT "steam_account_tag_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_account_tag_links" ADD CONSTRAINT "steam_account_tag_links_account_id_steam_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."steam_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_account_tag_links" ADD CONSTRAINT "steam_account_tag_links_tag_id_steam_account_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."steam_account_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_account_tags" ADD CONSTRAINT "steam_account_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_accounts" ADD CONSTRAINT "steam_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_accounts" ADD CONSTRAINT "steam_accounts_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proxies_user_identity" ON "proxies" USING btree ("user_id","identity_hash");--> statement-breakpoint
CREATE INDEX "proxies_user_status" ON "proxies" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "proxies_user_country" ON "proxies" USING btree ("user_id","country_code");--> statement-breakpoint
CREATE INDEX "proxies_user_created" ON "proxies" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "proxies_user_host" ON "proxies" USING btree ("user_id","host");--> statement-breakpoint
CREATE INDEX "proxy_tag_links_tag" ON "proxy_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_tags_user_name" ON "proxy_tags" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "steam_account_tag_links_tag" ON "steam_account_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "steam_account_tags_user_name" ON "steam_account_tags" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "steam_accounts_user_login" ON "steam_accounts" USING btree ("user_id",lower("login"));--> statement-breakpoint
CREATE INDEX "steam_accounts_user_status" ON "steam_accounts" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "steam_accounts_proxy" ON "steam_accounts" USING btree ("proxy_id");--> statement-breakpoint
CREATE INDEX "steam_accounts_user_created" ON "steam_accounts" USING btree ("user_id","created_at");