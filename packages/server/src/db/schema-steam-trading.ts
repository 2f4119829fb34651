import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

/**
 * The web session of an account beside its sealed refresh token (kept in steam_accounts): the sealed access token
 * with its expiry, and when Trade Protection was acknowledged (once per account).
 */
export const steamTradeSessions = pgTable('steam_trade_sessions', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => steamAccounts.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  accessTokenEnc: text('access_token_enc'),
  accessTokenExpiresAt: at('access_token_expires_at'),
  tradeProtectionAcknowledgedAt: at('trade_protection_acknowledged_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The last scan of one game's inventory of an account. */
export const steamInventoryScans = pgTable(
  'steam_inventory_scans',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => steamAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    game: text('game').notNull(),
    /** listed, empty, private or failed. */
    state: text('state').notNull(),
    itemCount: integer('item_count').notNull().default(0),
    totalCount: integer('total_count').notNull().default(0),
    scannedAt: at('scanned_at'),
    attemptedAt: at('attempted_at').notNull(),
    errorReason: text('error_reason'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.game] }), index('steam_inventory_scans_user').on(t.userId)],
);

/** Cached inventory items as of their game's last successful scan. Prices are integer money units (`MONEY_SCALE`). */
export const steamInventoryItems = pgTable(
  'steam_inventory_items',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => steamAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    game: text('game').notNull(),
    appId: integer('app_id').notNull(),
    contextId: text('context_id').notNull(),
    assetId: text('asset_id').notNull(),
    classId: text('class_id').notNull(),
    instanceId: text('instance_id').notNull(),
    amount: integer('amount').notNull(),
    name: text('name').notNull(),
    marketHashName: text('market_hash_name').notNull(),
    type: text('type').notNull(),
    iconUrl: text('icon_url'),
    exterior: text('exterior'),
    rarity: text('rarity'),
    tradable: boolean('tradable').notNull(),
    marketable: boolean('marketable').notNull(),
    tradableAfter: at('tradable_after'),
    protectedUntil: at('protected_until'),
    priceAmount: bigint('price_amount', { mode: 'number' }),
    priceCurrency: text('price_currency'),
    /** Steam's listing order within the scan. */
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.appId, t.contextId, t.assetId] }),
    index('steam_inventory_items_account_game').on(t.accountId, t.game, t.position),
    index('steam_inventory_items_user').on(t.userId),
    // The portfolio's order (drizzle/0040): its item groups and flat rows read in this order stop at the page's end;
    // the last three columns are what a group counts, so a page is read from the index alone.
    index('steam_inventory_items_user_name').on(
      t.userId,
      t.marketHashName,
      t.game,
      t.accountId,
      t.contextId,
      t.assetId,
      t.amount,
      t.tradable,
      t.protectedUntil,
    ),
  ],
);

/**
 * Trade actions that move items (sends and accepts), written before Steam is called (docs/trading-rules.md §2
 * rule 1). `owner` is the server process that made the call: an intent still pending under another owner
 * whose lease ran out is reconciled against Steam before the account sends again.
 */
export const steamTradeIntents = pgTable(
  'steam_trade_intents',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => steamAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    status: text('status').notNull(),
    /** Null for an accept whose offer Steam did not show yet. */
    partnerSteamId: text('partner_steam_id'),
    offerId: text('offer_id'),
    offerState: integer('offer_state'),
    needsConfirmation: boolean('needs_confirmation').notNull().default(false),
    /** What the send asked for: items on both sides, message and options (no secrets). */
    request: jsonb('request').notNull(),
    errorReason: text('error_reason'),
    owner: text('owner').notNull(),
    leaseUntil: at('lease_until').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
  },
  (t) => [
    uniqueIndex('steam_trade_intents_account_reference').on(t.accountId, t.kind, t.reference),
    index('steam_trade_intents_pending').on(t.status).where(sql`status = 'pending'`),
    index('steam_trade_intents_account_created').on(t.accountId, t.createdAt),
  ],
);
