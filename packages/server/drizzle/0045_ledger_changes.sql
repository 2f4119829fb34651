-- The ledger's tables note their writers in the change log (drizzle/0030_list_changes.sql), so a profit report
-- kept between requests is answered again only while no transaction its snapshot did not see has written to the
-- entries, the day totals or the sales of its user (modules/ledger/service.ts; docs/ledger.md, Benchmark).
CREATE TRIGGER ledger_entries_list_changes_insert AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER ledger_entries_list_changes_update AFTER UPDATE ON ledger_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER ledger_entries_list_changes_delete AFTER DELETE ON ledger_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER ledger_days_list_changes_insert AFTER INSERT ON ledger_days REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER ledger_days_list_changes_update AFTER UPDATE ON ledger_days REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER ledger_days_list_changes_delete AFTER DELETE ON ledger_days REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER ledger_sales_list_changes_insert AFTER INSERT ON ledger_sales REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER ledger_sales_list_changes_update AFTER UPDATE ON ledger_sales REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();--> statement-breakpoint
CREATE TRIGGER ledger_sales_list_changes_delete AFTER DELETE ON ledger_sales REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();
