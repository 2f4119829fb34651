-- The price profile and the inventory scans note their writers in the change log (drizzle/0030_list_changes.sql),
-- so a portfolio page kept between requests (modules/portfolio/kept-pages.ts) is answered again only while no
-- transaction its snapshot did not see has written a price (custom or TM) or a scan (the Steam reference's
-- observation time, an account's last read) of its workspace.
CREATE TRIGGER lot_prices_list_changes_insert AFTER INSERT ON lot_prices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER lot_prices_list_changes_update AFTER UPDATE ON lot_prices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER lot_prices_list_changes_delete AFTER DELETE ON lot_prices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER steam_inventory_scans_list_changes_insert AFTER INSERT ON steam_inventory_scans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER steam_inventory_scans_list_changes_update AFTER UPDATE ON steam_inventory_scans REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER steam_inventory_scans_list_changes_delete AFTER DELETE ON steam_inventory_scans REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
-- A kept group counts every account of its workspace, so a member limited to tags reads none: the portfolio
-- groups that member's items, which row-level security limits to the accounts in scope.
DROP POLICY IF EXISTS portfolio_item_groups_member ON portfolio_item_groups;--> statement-breakpoint
CREATE POLICY portfolio_item_groups_member ON portfolio_item_groups FOR SELECT USING (
  (user_id = (select nullif(current_setting('app.user_id', true), '')::uuid)
    AND (select workspace_role()) IS NOT NULL AND (select workspace_scope()) IS NULL)
  OR (select current_user <> 'tradedeck_app' AND nullif(current_setting('app.user_id', true), '') IS NULL));--> statement-breakpoint
-- The groups of a write are rebuilt from every account of its workspace, whoever wrote: with no workspace set
-- the owner's policies pass every row (0048), where a scan made by a member limited to tags counted only the
-- accounts in that member's scope. The function's own filters name the workspaces it rebuilds.
ALTER FUNCTION portfolio_item_groups_rebuild() SET app.user_id = '';
