-- Invitations into team workspaces and the audit log of who did what (docs/workspaces.md).
CREATE TABLE "workspace_invites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"scope_tags" text[],
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "workspace_invites_role" CHECK ("workspace_invites"."role" in ('operator', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"actor_id" uuid,
	"device_session_id" uuid,
	"ip" text,
	"operation" text NOT NULL,
	"targets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_retention" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"days" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_invites" ADD CONSTRAINT "workspace_invites_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invites" ADD CONSTRAINT "workspace_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_retention" ADD CONSTRAINT "audit_retention_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_invites_workspace" ON "workspace_invites" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "audit_entries_workspace_at" ON "audit_entries" USING btree ("workspace_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Row-level security on membership, as drizzle/0046_workspaces.sql: the app role sees the rows of the active
-- workspace (`app.user_id`) while the actor is a member of it. Invitations and the retention are the owner's;
-- audit entries are written by any member's change and read by the owners. The server's own work without a
-- workspace (the invitation lookup before a membership exists, the prune job) is not the app role.
DO $$
DECLARE
  t text;
  ws text := '(select nullif(current_setting(''app.user_id'', true), '''')::uuid)';
  sys text := '(select current_user <> ''tradedeck_app'' AND nullif(current_setting(''app.user_id'', true), '''') IS NULL)';
  member text := '(select workspace_role()) IS NOT NULL';
  owner text := '(select workspace_role()) = ''owner''';
BEGIN
  FOREACH t IN ARRAY ARRAY['workspace_invites', 'audit_entries', 'audit_retention'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO tradedeck_app', t);
    END IF;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  END LOOP;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    EXECUTE 'GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO tradedeck_app';
  END IF;
  EXECUTE format('CREATE POLICY workspace_invites_owner ON workspace_invites USING (%1$s) WITH CHECK (%1$s)',
    format('(workspace_id = %s AND %s) OR %s', ws, owner, sys));
  EXECUTE format('CREATE POLICY audit_retention_owner ON audit_retention USING (%1$s) WITH CHECK (%1$s)',
    format('(workspace_id = %s AND %s) OR %s', ws, owner, sys));
  EXECUTE format('CREATE POLICY audit_entries_read ON audit_entries FOR SELECT USING (%s)',
    format('(workspace_id = %s AND %s) OR %s', ws, owner, sys));
  EXECUTE format('CREATE POLICY audit_entries_write ON audit_entries FOR INSERT WITH CHECK (%s)',
    format('(workspace_id = %s AND %s) OR %s', ws, member, sys));
  EXECUTE format('CREATE POLICY audit_entries_prune ON audit_entries FOR DELETE USING (%s)', sys);
END $$;
