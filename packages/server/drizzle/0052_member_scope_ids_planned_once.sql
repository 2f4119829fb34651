-- The member's scope as tag ids, in PL/pgSQL: a policy calls these once per statement for every reference to a
-- scoped table (a list statement has eight to ten), and a SQL function called that way is planned again on each
-- call, which cost a scoped operator 0.3-0.5 ms of planning per reference; PL/pgSQL keeps its plan for the session.
-- Same answer as 0051: the ids of the active workspace's tags whose names (any case) are in the member's scope,
-- empty when none matches.
CREATE OR REPLACE FUNCTION workspace_proxy_scope_tag_ids() RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  ids integer[];
BEGIN
  SELECT coalesce(array_agg(g.id), '{}'::integer[]) INTO ids FROM proxy_tags g
  WHERE g.user_id = nullif(current_setting('app.user_id', true), '')::uuid
    AND lower(g.name) = ANY ((select workspace_scope())::text[]);
  RETURN ids;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION workspace_account_scope_tag_ids() RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  ids integer[];
BEGIN
  SELECT coalesce(array_agg(g.id), '{}'::integer[]) INTO ids FROM steam_account_tags g
  WHERE g.user_id = nullif(current_setting('app.user_id', true), '')::uuid
    AND lower(g.name) = ANY ((select workspace_scope())::text[]);
  RETURN ids;
END $$;
