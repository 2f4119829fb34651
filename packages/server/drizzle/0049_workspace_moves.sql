-- Moving a personal workspace's accounts and proxies into a team workspace (docs/workspaces.md, "Moving personal
-- data into a team"): one job per move, one item per account or proxy with its outcome. Both belong to the team
-- workspace (`user_id`); the job's item transactions run as the server, not the app role.
CREATE TABLE "workspace_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"actor_id" uuid,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "workspace_moves_status" CHECK ("workspace_moves"."status" in ('running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "workspace_move_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"move_id" integer NOT NULL,
	"kind" text NOT NULL,
	"object_id" integer NOT NULL,
	"state" text DEFAULT 'planned' NOT NULL,
	"failure" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "workspace_move_items_kind" CHECK ("workspace_move_items"."kind" in ('account', 'proxy')),
	CONSTRAINT "workspace_move_items_state" CHECK ("workspace_move_items"."state" in ('planned', 'moved', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "workspace_moves" ADD CONSTRAINT "workspace_moves_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_moves" ADD CONSTRAINT "workspace_moves_source_id_workspaces_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_moves" ADD CONSTRAINT "workspace_moves_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_move_items" ADD CONSTRAINT "workspace_move_items_user_id_workspaces_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_move_items" ADD CONSTRAINT "workspace_move_items_move_id_workspace_moves_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."workspace_moves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_moves_user" ON "workspace_moves" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_move_items_move_object" ON "workspace_move_items" USING btree ("move_id","kind","object_id");--> statement-breakpoint
-- Row-level security as drizzle/0047: the owner of the active workspace reads and writes its moves; the server's
-- own work (the job) is not the app role.
DO $$
DECLARE
  t text;
  ws text := '(select nullif(current_setting(''app.user_id'', true), '''')::uuid)';
  sys text := '(select current_user <> ''tradedeck_app'' AND nullif(current_setting(''app.user_id'', true), '''') IS NULL)';
  owner text := '(select workspace_role()) = ''owner''';
BEGIN
  FOREACH t IN ARRAY ARRAY['workspace_moves', 'workspace_move_items'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO tradedeck_app', t);
    END IF;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (%3$s) WITH CHECK (%3$s)', t || '_owner', t,
      format('(user_id = %s AND %s) OR %s', ws, owner, sys));
  END LOOP;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    EXECUTE 'GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO tradedeck_app';
  END IF;
END $$;
