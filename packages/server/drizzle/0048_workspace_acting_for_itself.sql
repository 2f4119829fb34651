-- Background work (seller loops, harvester runs, proxy checks, repricing rounds) acts for a workspace with no
-- signed-in member: the user scope sets `app.actor_id` to the workspace itself. A personal workspace's id is its
-- owner's, so its membership row answered; a team workspace has no such row, and its jobs saw none of its data.
-- The workspace acting for itself is its owner, with no scope. A request's actor is always the signed-in user,
-- never a workspace id.
CREATE OR REPLACE FUNCTION workspace_role() RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  found text;
BEGIN
  IF current_setting('app.member_lookup', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF nullif(current_setting('app.actor_id', true), '') IS NOT NULL
     AND current_setting('app.actor_id', true) = current_setting('app.user_id', true) THEN
    RETURN 'owner';
  END IF;
  PERFORM set_config('app.member_lookup', 'on', true);
  SELECT m.role INTO found FROM workspace_members m
  WHERE m.workspace_id = nullif(current_setting('app.user_id', true), '')::uuid
    AND m.user_id = nullif(current_setting('app.actor_id', true), '')::uuid;
  PERFORM set_config('app.member_lookup', '', true);
  RETURN found;
END $$;
