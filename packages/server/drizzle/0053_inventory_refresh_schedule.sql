-- How often the workspace's inventories are read on a schedule: null = off, otherwise 1 to 168 hours
-- (docs/portfolio.md "Freshness"). Six hours by default: a few reads a day per account keeps values and tradable
-- dates current while a workspace of thousands of accounts stays far inside every proxy's inventory budget.
ALTER TABLE workspaces ADD COLUMN inventory_refresh_hours smallint DEFAULT 6;--> statement-breakpoint
ALTER TABLE workspaces ADD CONSTRAINT workspaces_inventory_refresh_hours
  CHECK (inventory_refresh_hours IS NULL OR inventory_refresh_hours BETWEEN 1 AND 168);
