import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { steamAccounts } from './schema-steam-accounts.ts';
import { workspaces } from './schema-workspaces.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One asset id a holding had, and when a scan first saw it under that id. */
export interface HoldingAsset {
  assetId: string;
  contextId: string;
  seenAt: string;
}

/**
 * One item an account holds, followed across scans (drizzle/0040). Steam gives a CS2 item a new asset id when its
 * Trade Protection ends and it moves from context 16 to context 2; the holding keeps its id, origin and history
 * through that change (matched by class, instance and name). `gone_at` is set when a scan no longer finds it.
 */
export const portfolioHoldings = pgTable(
  'portfolio_holdings',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => steamAccounts.id, { onDelete: 'cascade' }),
    game: text('game').notNull(),
    appId: integer('app_id').notNull(),
    classId: text('class_id').notNull(),
    instanceId: text('instance_id').notNull(),
    marketHashName: text('market_hash_name').notNull(),
    /** The asset id and context it has now (its last one once gone). */
    assetId: text('asset_id').notNull(),
    contextId: text('context_id').notNull(),
    protectedUntil: at('protected_until'),
    /** trade (a trade of ours brought it) or seen (a scan found it). */
    originKind: text('origin_kind').notNull(),
    originTradeId: text('origin_trade_id'),
    originFrom: text('origin_from'),
    assets: jsonb('assets').$type<HoldingAsset[]>().notNull(),
    firstSeenAt: at('first_seen_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    goneAt: at('gone_at'),
  },
  (t) => [
    uniqueIndex('portfolio_holdings_asset').on(t.accountId, t.appId, t.contextId, t.assetId),
    index('portfolio_holdings_user').on(t.userId),
    index('portfolio_holdings_account_class').on(t.accountId, t.game, t.classId, t.instanceId),
  ],
);

/**
 * The portfolio's item groups, kept per user, slice and item (drizzle/0043): what the first grouped page and the
 * simple filters (game, tradable now, protected, exterior, rarity, search, value range) read instead of grouping
 * every cached item. A slice is the items a group counts: `all`, `tradable` (tradable now) or `protected` (context
 * 16). Rebuilt for the items a statement touched by a trigger on `steam_inventory_items`, in the transaction that
 * writes them, so the groups never disagree with the cache.
 */
export const portfolioItemGroups = pgTable(
  'portfolio_item_groups',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    slice: text('slice').notNull(),
    game: text('game').notNull(),
    marketHashName: text('market_hash_name').notNull(),
    name: text('name').notNull(),
    iconUrl: text('icon_url'),
    exterior: text('exterior'),
    rarity: text('rarity'),
    count: integer('count').notNull(),
    accounts: integer('accounts').notNull(),
    tradableCount: integer('tradable_count').notNull(),
    protectedCount: integer('protected_count').notNull(),
    protectedUntil: at('protected_until'),
    /**
     * The Steam market reference of the item as the latest scan that carried one saw it (its observation time is
     * that account's scan time), the same in every slice.
     */
    steamPriceAmount: bigint('steam_price_amount', { mode: 'number' }),
    steamPriceCurrency: text('steam_price_currency'),
    steamPriceAccountId: integer('steam_price_account_id'),
  },
  (t) => [
    primaryKey({ name: 'portfolio_item_groups_pk', columns: [t.userId, t.slice, t.marketHashName, t.game] }),
  ],
);
