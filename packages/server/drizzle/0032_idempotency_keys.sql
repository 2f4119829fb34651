-- Idempotency keys of the operations that move money or items (docs/api.md, "Idempotency-Key"). The primary key
-- (user, key) is the claim: two calls with one key race on the insert and exactly one wins, on PGlite and on
-- Postgres alike. Rows expire after 24 hours (expires_at) and are purged by the server.
CREATE TABLE "idempotency_keys" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "key" text NOT NULL,
  "operation" text NOT NULL,
  "request_hash" text NOT NULL,
  "status" text DEFAULT 'running' NOT NULL,
  "http_status" integer,
  "answer" jsonb,
  "created_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  CONSTRAINT "idempotency_keys_pk" PRIMARY KEY ("user_id", "key")
);--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires" ON "idempotency_keys" ("expires_at");--> statement-breakpoint
-- Row-level security as for every user-owned table (0024): the restricted app role sees only its user's keys.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON idempotency_keys TO tradedeck_app;
  END IF;
  ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
  ALTER TABLE idempotency_keys FORCE ROW LEVEL SECURITY;
  CREATE POLICY idempotency_keys_owner ON idempotency_keys
    USING ((select current_user <> 'tradedeck_app') OR user_id = (select nullif(current_setting('app.user_id', true), '')::uuid))
    WITH CHECK ((select current_user <> 'tradedeck_app') OR user_id = (select nullif(current_setting('app.user_id', true), '')::uuid));
END $$;
