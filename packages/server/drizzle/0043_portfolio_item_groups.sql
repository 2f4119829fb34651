-- The portfolio's item groups kept per user, slice and item (docs/portfolio.md, "The table"): the first grouped
-- page and the simple filters read them instead of grouping every cached item. A trigger on the inventory cache
-- rebuilds the groups a statement touched, in the same transaction.
CREATE TABLE "portfolio_item_groups" (
	"user_id" uuid NOT NULL,
	"slice" text NOT NULL,
	"game" text NOT NULL,
	"market_hash_name" text NOT NULL,
	"name" text NOT NULL,
	"icon_url" text,
	"exterior" text,
	"rarity" text,
	"count" integer NOT NULL,
	"accounts" integer NOT NULL,
	"tradable_count" integer NOT NULL,
	"protected_count" integer NOT NULL,
	"protected_until" timestamp with time zone,
	"steam_price_amount" bigint,
	"steam_price_currency" text,
	"steam_price_account_id" integer,
	CONSTRAINT "portfolio_item_groups_pk" PRIMARY KEY("user_id","slice","market_hash_name","game")
);
--> statement-breakpoint
ALTER TABLE "portfolio_item_groups" ADD CONSTRAINT "portfolio_item_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Rebuilds the groups of the (user, game, item) pairs a statement on steam_inventory_items touched, from the
-- cache as it now stands. One user's rebuilds take turns (a transaction-scoped advisory lock), so each one reads
-- every write committed before it and two scans of one user's accounts never leave a group counted from half of
-- them. Written as the owner, like the list changes (0030): the app role only reads the groups.
CREATE FUNCTION portfolio_item_groups_rebuild() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  touched_users uuid[];
  touched_games text[];
  touched_names text[];
  priced_users uuid[] := '{}';
  priced_games text[] := '{}';
  priced_names text[] := '{}';
  priced_amounts bigint[] := '{}';
  priced_currencies text[] := '{}';
  priced_accounts int[] := '{}';
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(game), array_agg(market_hash_name)
      INTO touched_users, touched_games, touched_names
      FROM (SELECT DISTINCT user_id, game, market_hash_name FROM old_rows) t;
  ELSE
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(user_id), array_agg(game), array_agg(market_hash_name)
        INTO touched_users, touched_games, touched_names
        FROM (SELECT DISTINCT user_id, game, market_hash_name FROM new_rows) t;
    ELSE
      SELECT array_agg(user_id), array_agg(game), array_agg(market_hash_name)
        INTO touched_users, touched_games, touched_names
        FROM (SELECT user_id, game, market_hash_name FROM old_rows
          UNION SELECT user_id, game, market_hash_name FROM new_rows) t;
    END IF;
    -- The Steam reference a write carries is the newest seen: the scan that writes it is the latest.
    SELECT coalesce(array_agg(user_id), '{}'), coalesce(array_agg(game), '{}'),
        coalesce(array_agg(market_hash_name), '{}'), coalesce(array_agg(price_amount), '{}'),
        coalesce(array_agg(price_currency), '{}'), coalesce(array_agg(account_id), '{}')
      INTO priced_users, priced_games, priced_names, priced_amounts, priced_currencies, priced_accounts
      FROM (SELECT DISTINCT ON (user_id, game, market_hash_name) user_id, game, market_hash_name, price_amount,
          price_currency, account_id
        FROM new_rows WHERE price_amount IS NOT NULL AND price_currency IS NOT NULL
        ORDER BY user_id, game, market_hash_name, account_id, position) p;
  END IF;
  IF touched_users IS NULL THEN
    RETURN NULL;
  END IF;
  -- In a fixed order, so two statements over several users cannot wait on each other.
  PERFORM pg_advisory_xact_lock(hashtextextended('portfolio_item_groups:' || u::text, 0))
    FROM (SELECT DISTINCT u FROM unnest(touched_users) AS u ORDER BY u) locks;
  -- A new statement, so a new snapshot: it sees what the user's earlier rebuilds committed.
  WITH t AS (
    SELECT * FROM unnest(touched_users, touched_games, touched_names) AS t(user_id, game, market_hash_name)
  ), fresh AS (
    SELECT * FROM unnest(priced_users, priced_games, priced_names, priced_amounts, priced_currencies,
      priced_accounts) AS f(user_id, game, market_hash_name, amount, currency, account_id)
  ), agg AS (
    SELECT i.user_id, i.game, i.market_hash_name, min(i.name) AS name, min(i.icon_url) AS icon_url,
      min(i.exterior) AS exterior, min(i.rarity) AS rarity,
      sum(i.amount)::int AS c, count(DISTINCT i.account_id)::int AS a, min(i.protected_until) AS pu,
      coalesce(sum(i.amount) FILTER (WHERE i.tradable), 0)::int AS tc,
      count(DISTINCT i.account_id) FILTER (WHERE i.tradable)::int AS ta,
      min(i.protected_until) FILTER (WHERE i.tradable) AS tpu,
      coalesce(sum(i.amount) FILTER (WHERE i.context_id = '16'), 0)::int AS pc,
      count(DISTINCT i.account_id) FILTER (WHERE i.context_id = '16')::int AS pa,
      coalesce(sum(i.amount) FILTER (WHERE i.tradable AND i.context_id = '16'), 0)::int AS tpc
    FROM t JOIN steam_inventory_items i
      ON i.user_id = t.user_id AND i.market_hash_name = t.market_hash_name AND i.game = t.game
    GROUP BY i.user_id, i.game, i.market_hash_name
  ), priced AS (
    -- The write's own price; else the one kept while its account still holds a priced item of the group; else
    -- the priced item whose account's scan is the latest.
    SELECT agg.*, coalesce(f.amount, kept.amount, latest.amount) AS price_amount,
      coalesce(f.currency, kept.currency, latest.currency) AS price_currency,
      coalesce(f.account_id, kept.account_id, latest.account_id) AS price_account
    FROM agg
    LEFT JOIN fresh f ON f.user_id = agg.user_id AND f.game = agg.game AND f.market_hash_name = agg.market_hash_name
    LEFT JOIN LATERAL (
      SELECT g.steam_price_amount AS amount, g.steam_price_currency AS currency, g.steam_price_account_id AS account_id
      FROM portfolio_item_groups g
      WHERE f.amount IS NULL AND g.user_id = agg.user_id AND g.slice = 'all' AND g.game = agg.game
        AND g.market_hash_name = agg.market_hash_name AND g.steam_price_amount IS NOT NULL
        AND EXISTS (SELECT 1 FROM steam_inventory_items i WHERE i.user_id = agg.user_id
          AND i.market_hash_name = agg.market_hash_name AND i.game = agg.game
          AND i.account_id = g.steam_price_account_id AND i.price_amount IS NOT NULL)
    ) kept ON true
    LEFT JOIN LATERAL (
      SELECT i.price_amount AS amount, i.price_currency AS currency, i.account_id
      FROM steam_inventory_items i JOIN steam_inventory_scans s ON s.account_id = i.account_id AND s.game = i.game
      WHERE f.amount IS NULL AND kept.amount IS NULL AND i.user_id = agg.user_id
        AND i.market_hash_name = agg.market_hash_name AND i.game = agg.game AND i.price_amount IS NOT NULL
        AND i.price_currency IS NOT NULL AND s.scanned_at IS NOT NULL
      ORDER BY s.scanned_at DESC LIMIT 1
    ) latest ON true
  ), sliced AS (
    SELECT a.user_id, s.slice, a.game, a.market_hash_name, a.name, a.icon_url, a.exterior, a.rarity, s.count,
      s.accounts, s.tradable_count, s.protected_count, s.protected_until, a.price_amount, a.price_currency,
      a.price_account
    FROM priced a CROSS JOIN LATERAL (VALUES
      ('all', a.c, a.a, a.tc, a.pc, a.pu),
      ('tradable', a.tc, a.ta, a.tc, a.tpc, a.tpu),
      ('protected', a.pc, a.pa, a.tpc, a.pc, a.pu)
    ) AS s(slice, count, accounts, tradable_count, protected_count, protected_until)
    WHERE s.count > 0
  ), gone AS (
    DELETE FROM portfolio_item_groups g USING t
    WHERE g.user_id = t.user_id AND g.game = t.game AND g.market_hash_name = t.market_hash_name
      AND NOT EXISTS (SELECT 1 FROM sliced s WHERE s.user_id = g.user_id AND s.slice = g.slice
        AND s.game = g.game AND s.market_hash_name = g.market_hash_name)
  )
  INSERT INTO portfolio_item_groups (user_id, slice, game, market_hash_name, name, icon_url, exterior, rarity,
    count, accounts, tradable_count, protected_count, protected_until, steam_price_amount, steam_price_currency,
    steam_price_account_id)
  SELECT * FROM sliced
  ON CONFLICT (user_id, slice, market_hash_name, game) DO UPDATE SET name = excluded.name,
    icon_url = excluded.icon_url, exterior = excluded.exterior, rarity = excluded.rarity, count = excluded.count,
    accounts = excluded.accounts, tradable_count = excluded.tradable_count,
    protected_count = excluded.protected_count, protected_until = excluded.protected_until,
    steam_price_amount = excluded.steam_price_amount, steam_price_currency = excluded.steam_price_currency,
    steam_price_account_id = excluded.steam_price_account_id;
  RETURN NULL;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION portfolio_item_groups_rebuild() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER steam_inventory_items_groups_insert AFTER INSERT ON steam_inventory_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_item_groups_rebuild();--> statement-breakpoint
CREATE TRIGGER steam_inventory_items_groups_update AFTER UPDATE ON steam_inventory_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_item_groups_rebuild();--> statement-breakpoint
CREATE TRIGGER steam_inventory_items_groups_delete AFTER DELETE ON steam_inventory_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_item_groups_rebuild();--> statement-breakpoint
-- The groups of items cached before this migration, each with the Steam reference of its latest priced scan.
INSERT INTO portfolio_item_groups (user_id, slice, game, market_hash_name, name, icon_url, exterior, rarity,
  count, accounts, tradable_count, protected_count, protected_until, steam_price_amount, steam_price_currency,
  steam_price_account_id)
SELECT a.user_id, s.slice, a.game, a.market_hash_name, a.name, a.icon_url, a.exterior, a.rarity, s.count,
  s.accounts, s.tradable_count, s.protected_count, s.protected_until, latest.amount, latest.currency,
  latest.account_id
FROM (
  SELECT user_id, game, market_hash_name, min(name) AS name, min(icon_url) AS icon_url, min(exterior) AS exterior,
    min(rarity) AS rarity, sum(amount)::int AS c, count(DISTINCT account_id)::int AS a, min(protected_until) AS pu,
    coalesce(sum(amount) FILTER (WHERE tradable), 0)::int AS tc,
    count(DISTINCT account_id) FILTER (WHERE tradable)::int AS ta,
    min(protected_until) FILTER (WHERE tradable) AS tpu,
    coalesce(sum(amount) FILTER (WHERE context_id = '16'), 0)::int AS pc,
    count(DISTINCT account_id) FILTER (WHERE context_id = '16')::int AS pa,
    coalesce(sum(amount) FILTER (WHERE tradable AND context_id = '16'), 0)::int AS tpc
  FROM steam_inventory_items GROUP BY user_id, game, market_hash_name
) a CROSS JOIN LATERAL (VALUES
  ('all', a.c, a.a, a.tc, a.pc, a.pu),
  ('tradable', a.tc, a.ta, a.tc, a.tpc, a.tpu),
  ('protected', a.pc, a.pa, a.tpc, a.pc, a.pu)
) AS s(slice, count, accounts, tradable_count, protected_count, protected_until)
LEFT JOIN LATERAL (
  SELECT i.price_amount AS amount, i.price_currency AS currency, i.account_id
  FROM steam_inventory_items i JOIN steam_inventory_scans sc ON sc.account_id = i.account_id AND sc.game = i.game
  WHERE i.user_id = a.user_id AND i.market_hash_name = a.market_hash_name AND i.game = a.game
    AND i.price_amount IS NOT NULL AND i.price_currency IS NOT NULL AND sc.scanned_at IS NOT NULL
  ORDER BY sc.scanned_at DESC LIMIT 1
) latest ON true
WHERE s.count > 0;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tradedeck_app') THEN
    GRANT SELECT ON portfolio_item_groups TO tradedeck_app;
  END IF;
  ALTER TABLE portfolio_item_groups ENABLE ROW LEVEL SECURITY;
  ALTER TABLE portfolio_item_groups FORCE ROW LEVEL SECURITY;
  CREATE POLICY portfolio_item_groups_owner ON portfolio_item_groups
    USING ((select current_user <> 'tradedeck_app') OR user_id = (select nullif(current_setting('app.user_id', true), '')::uuid))
    WITH CHECK ((select current_user <> 'tradedeck_app') OR user_id = (select nullif(current_setting('app.user_id', true), '')::uuid));
END $$;
