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
-- Row-level security: the app role sees the rows of the active workspace (`app.user_id`) only. Audit entries are
-- written by any member's change (INSERT) and read by the workspace's owners only; the server's own role (the
-- invitation lookup before a membership exists, the prune job) is not the app role.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['workspace_invites', 'audit_entries', 'audit_retention'] LOOP
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO tradedeck_app', t);
      EXECUTE format('GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO tradedeck_app');
    END IF;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE POLICY "workspace_invites_owner" ON "workspace_invites"
  USING ((select current_user <> 'tradedeck_app') OR workspace_id = (select nullif(current_setting('app.user_id', true), '')::uuid))
  WITH CHECK ((select current_user <> 'tradedeck_app') OR workspace_id = (select nullif(current_setting('app.user_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "audit_retention_owner" ON "audit_retention"
  USING ((select current_user <> 'tradedeck_app') OR workspace_id = (select nullif(current_setting('app.user_id', true), '')::uuid))
  WITH CHECK ((select current_user <> 'tradedeck_app') OR workspace_id = (select nullif(current_setting('app.user_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "audit_entries_server" ON "audit_entries"
  USING ((select current_user <> 'tradedeck_app')) WITH CHECK ((select current_user <> 'tradedeck_app'));
--> statement-breakpoint
CREATE POLICY "audit_entries_write" ON "audit_entries" FOR INSERT
  WITH CHECK (workspace_id = (select nullif(current_setting('app.user_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "audit_entries_read" ON "audit_entries" FOR SELECT
  USING (workspace_id = (select nullif(current_setting('app.user_id', true), '')::uuid) AND EXISTS (
    SELECT 1 FROM workspace_members m
    WHERE m.workspace_id = audit_entries.workspace_id
      AND m.user_id = (select nullif(current_setting('app.actor_id', true), '')::uuid)
      AND m.role = 'owner'));
