-- Text search of the lists ("contains, any case") served by trigram indexes under row-level security.
-- Postgres lets only leakproof operators run ahead of a policy, and ILIKE is not leakproof, so a query of the
-- restricted role can never use an index for it. These functions run as the owner (SECURITY DEFINER, to which
-- the policies grant every row) and apply the policies' own predicate explicitly — the user set for the
-- transaction in app.user_id — before anything else; without that setting they find nothing. They return ids
-- only, which the list query then reads under the policies as usual. See docs/performance.md.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "proxies_search_trgm" ON "proxies"
  USING gin (("host" || ' ' || coalesce("name", '') || ' ' || coalesce("username", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "steam_accounts_search_trgm" ON "steam_accounts"
  USING gin (("login" || ' ' || coalesce("steam_id", '')) gin_trgm_ops);--> statement-breakpoint
-- The user's proxies whose address, name or login contains the pattern (a LIKE pattern, backslash escapes).
-- The joined text serves the index; the per-column test keeps a match from spanning two columns.
CREATE FUNCTION proxy_search_ids(pattern text) RETURNS SETOF integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  uid uuid := nullif(current_setting('app.user_id', true), '')::uuid;
BEGIN
  IF uid IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE
    'SELECT p.id FROM proxies p WHERE p.user_id = $1'
    ' AND (p.host || '' '' || coalesce(p.name, '''') || '' '' || coalesce(p.username, '''')) ILIKE $2'
    ' AND (p.host ILIKE $2 OR p.name ILIKE $2 OR p.username ILIKE $2)'
    USING uid, pattern;
END $$;--> statement-breakpoint
-- The user's Steam accounts whose login or SteamID contains the pattern, or whose proxy's address does.
CREATE FUNCTION steam_account_search_ids(pattern text) RETURNS SETOF integer
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  uid uuid := nullif(current_setting('app.user_id', true), '')::uuid;
BEGIN
  IF uid IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE
    'SELECT a.id FROM steam_accounts a WHERE a.user_id = $1'
    ' AND (a.login || '' '' || coalesce(a.steam_id, '''')) ILIKE $2'
    ' AND (a.login ILIKE $2 OR a.steam_id LIKE $2)'
    ' UNION'
    ' SELECT a.id FROM steam_accounts a JOIN proxies p ON p.id = a.proxy_id AND p.user_id = $1'
    ' WHERE a.user_id = $1'
    ' AND (p.host || '' '' || coalesce(p.name, '''') || '' '' || coalesce(p.username, '''')) ILIKE $2'
    ' AND p.host ILIKE $2'
    USING uid, pattern;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION proxy_search_ids(text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION steam_account_search_ids(text) FROM PUBLIC;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    GRANT EXECUTE ON FUNCTION proxy_search_ids(text) TO tradedeck_app;
    GRANT EXECUTE ON FUNCTION steam_account_search_ids(text) TO tradedeck_app;
  END IF;
END $$;
