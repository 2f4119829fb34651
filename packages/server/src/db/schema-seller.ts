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
import { proxies } from './schema-proxies.ts';
import { steamAccounts } from './schema-steam-accounts.ts';
import { steamTradeIntents } from './schema-steam-trading.ts';
import { workspaces } from './schema-workspaces.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A P2P seller account: one of the user's Steam accounts connected to a market with its API key and payment
 * password (both sealed; `key_id` is a keyed hash naming the key in logs and the shared pacing, `api_key_hint` its
 * last 4 characters), the loop's state (status, the job running it), the platform status and the last balances in
 * integer market units.
 */
export const sellerAccounts = pgTable(
  'seller_accounts',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    steamAccountId: integer('steam_account_id')
      .notNull()
      .references(() => steamAccounts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull().default('tm'),
    apiKeyEnc: text('api_key_enc').notNull(),
    keyId: text('key_id').notNull(),
    apiKeyHint: text('api_key_hint').notNull(),
    paymentPasswordEnc: text('payment_password_enc').notNull(),
    proxyId: integer('proxy_id').references(() => proxies.id, { onDelete: 'set null' }),
    currency: text('currency').notNull(),
    modules: jsonb('modules').$type<string[]>().notNull().default([]),
    /** running, paused or stopped. */
    status: text('status').notNull().default('stopped'),
    /** The loop job that runs the account; a run of another job id ends itself. */
    loopJobId: text('loop_job_id'),
    platformStatus: text('platform_status').notNull().default('none'),
    platformReason: text('platform_reason'),
    platformDetail: text('platform_detail'),
    platformUpdatedAt: at('platform_updated_at'),
    balanceAvailable: bigint('balance_available', { mode: 'number' }),
    balanceOnHold: bigint('balance_on_hold', { mode: 'number' }),
    balanceCurrency: text('balance_currency'),
    balanceUpdatedAt: at('balance_updated_at'),
    ordersCount: integer('orders_count').notNull().default(0),
    lastPingAt: at('last_ping_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One seller account per Steam account and market: a Steam account sells on TM, Waxpeer or both.
    uniqueIndex('seller_accounts_user_steam_account_platform').on(t.userId, t.steamAccountId, t.platform),
    index('seller_accounts_user_created').on(t.userId, t.createdAt),
    index('seller_accounts_status').on(t.status),
  ],
);

/**
 * One delivery of sold items: the intent of one market delivery request (its hash), written before the Steam offer
 * is sent and advanced step by step (pending, sent, confirmed, ready; or failed). One row per hash, so a hash is
 * never offered twice; the offer carries `[td:<reference>]` so a crash between send and record is reconciled.
 */
export const sellerDeliveries = pgTable(
  'seller_deliveries',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    sellerAccountId: integer('seller_account_id')
      .notNull()
      .references(() => sellerAccounts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull().default('tm'),
    hash: text('hash').notNull(),
    status: text('status').notNull(),
    partnerSteamId: text('partner_steam_id').notNull(),
    tradeToken: text('trade_token'),
    message: text('message').notNull(),
    items: jsonb('items').notNull(),
    reference: text('reference').notNull(),
    offerId: text('offer_id'),
    failure: text('failure'),
    detail: text('detail'),
    /** The market's deadline for our offer (Waxpeer's `send_until`); null when the market gives none. */
    sendUntil: at('send_until'),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
    confirmedAt: at('confirmed_at'),
    readyAt: at('ready_at'),
  },
  (t) => [
    uniqueIndex('seller_deliveries_account_hash').on(t.sellerAccountId, t.hash),
    index('seller_deliveries_user_account_status').on(t.userId, t.sellerAccountId, t.status),
  ],
);

/**
 * The accepted incoming trades of a seller account's Steam account (its `accept` trade intents) that TM is asked to
 * read the inventory again for (`update-inventory`): one row per trade, `called_at` set once TM took the call, so
 * each trade asks once.
 */
export const sellerInventoryUpdates = pgTable(
  'seller_inventory_updates',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    sellerAccountId: integer('seller_account_id')
      .notNull()
      .references(() => sellerAccounts.id, { onDelete: 'cascade' }),
    intentId: integer('intent_id')
      .notNull()
      .references(() => steamTradeIntents.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    calledAt: at('called_at'),
  },
  (t) => [
    primaryKey({ columns: [t.sellerAccountId, t.intentId] }),
    index('seller_inventory_updates_user').on(t.userId),
  ],
);
