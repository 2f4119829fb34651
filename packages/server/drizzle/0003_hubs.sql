CREATE TABLE "hub_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"hub" text NOT NULL,
	"source_id" text NOT NULL,
	"version" bigint NOT NULL,
	"event_name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_events_source_version" UNIQUE("user_id","hub","source_id","version")
);
--> statement-breakpoint
CREATE TABLE "hub_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hub_sources" (
	"user_id" text NOT NULL,
	"hub" text NOT NULL,
	"source_id" text NOT NULL,
	"last_version" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_sources_user_id_hub_source_id_pk" PRIMARY KEY("user_id","hub","source_id")
);
--> statement-breakpoint
CREATE INDEX "hub_events_created_at" ON "hub_events" USING btree ("created_at");