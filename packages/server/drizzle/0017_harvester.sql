CREATE TABLE "harvester_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "harvester_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"profile_id" integer,
	"profile_name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"sources" jsonb NOT NULL,
	"targets" jsonb NOT NULL,
	"target_weights" jsonb NOT NULL,
	"plan" jsonb,
	"current_run" integer DEFAULT 0 NOT NULL,
	"runner_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "harvester_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" integer NOT NULL,
	"run" integer NOT NULL,
	"source_id" integer NOT NULL,
	"source_login" text NOT NULL,
	"target_id" integer NOT NULL,
	"target_login" text NOT NULL,
	"game" text NOT NULL,
	"status" text NOT NULL,
	"items" jsonb NOT NULL,
	"item_count" integer NOT NULL,
	"value" jsonb NOT NULL,
	"give_back" jsonb NOT NULL,
	"give_back_count" integer NOT NULL,
	"give_back_value" jsonb NOT NULL,
	"reference" text NOT NULL,
	"offer_id" text,
	"error_step" text,
	"error_reason" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "harvester_profiles" ADD CONSTRAINT "harvester_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvester_sessions" ADD CONSTRAINT "harvester_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvester_sessions" ADD CONSTRAINT "harvester_sessions_profile_id_harvester_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."harvester_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvester_transactions" ADD CONSTRAINT "harvester_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvester_transactions" ADD CONSTRAINT "harvester_transactions_session_id_harvester_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."harvester_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "harvester_profiles_user_name" ON "harvester_profiles" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "harvester_sessions_user" ON "harvester_sessions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "harvester_transactions_session" ON "harvester_transactions" USING btree ("session_id","run","id");--> statement-breakpoint
CREATE INDEX "harvester_transactions_session_status" ON "harvester_transactions" USING btree ("session_id","status");--> statement-breakpoint
CREATE INDEX "harvester_transactions_user" ON "harvester_transactions" USING btree ("user_id");
