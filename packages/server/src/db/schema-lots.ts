import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sellerAccounts } from './schema-seller.ts';
import { workspaces } from './schema-workspaces.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const units = (name: string) => bigint(name, { mode: 'number' });
const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

/**
 * One lot: one item of a seller account, listed on the market (`item_id` set) or only in the inventory. Amounts are
 * integer units of the account's market currency (`currency`); `strategy` is the repricing strategy the tick follows.
 */
export const lots = pgTable(
  'lots',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    sellerAccountId: integer('seller_account_id')
      .notNull()
      .references(() => sellerAccounts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull().default('tm'),
    itemId: text('item_id'),
    assetId: text('asset_id').notNull(),
    classId: text('class_id').notNull(),
    instanceId: text('instance_id').notNull(),
    marketHashName: text('market_hash_name').notNull(),
    game: text('game').notNull(),
    rarity: text('rarity'),
    quantity: integer('quantity').notNull().default(1),
    currency: text('currency').notNull(),
    price: units('price'),
    purchasePrice: units('purchase_price'),
    minPrice: units('min_price'),
    maxPrice: units('max_price'),
    profile: text('profile').notNull().default('aggressive'),
    strategy: jsonb('strategy').notNull(),
    /** on_sale, hold, ready_to_trade or in_inventory. */
    status: text('status').notNull(),
    issues: jsonb('issues').$type<string[]>().notNull().default([]),
    /** Unix-second hold release of a sold item (0 when none). */
    settlement: units('settlement').notNull().default(0),
    listedAt: at('listed_at'),
    /** When the market price was last seen or written. */
    priceUpdatedAt: at('price_updated_at'),
    lastPriceWriteAt: at('last_price_write_at'),
    /** The price we last wrote: a market price other than it is a price mismatch. */
    lastWrittenPrice: units('last_written_price'),
    lastRepriceReason: text('last_reprice_reason'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** From `lot_write_seq` on every local write: a sync leaves alone lots written after it read the market. */
    writeSeq: units('write_seq').notNull().default(0),
  },
  (t) => [
    uniqueIndex('lots_account_asset').on(t.sellerAccountId, t.assetId),
    index('lots_user_name').on(t.userId, t.marketHashName, t.id),
    index('lots_user_id').on(t.userId, t.id),
    index('lots_user_price').on(t.userId, t.price, t.id),
    index('lots_user_price_desc').on(t.userId, t.price.desc().nullsLast(), t.id),
    index('lots_user_account').on(t.userId, t.sellerAccountId, t.id),
    index('lots_user_item').on(t.userId, t.itemId),
    index('lots_user_status_profile').on(t.userId, t.status, t.profile, t.id),
    index('lots_user_account_name').on(t.userId, t.sellerAccountId, t.marketHashName, t.id),
  ],
);

/** One sale from the market's history, with its hold release (`settlement`) and money state. */
export const lotSales = pgTable(
  'lot_sales',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    sellerAccountId: integer('seller_account_id')
      .notNull()
      .references(() => sellerAccounts.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull().default('tm'),
    itemId: text('item_id').notNull(),
    marketHashName: text('market_hash_name').notNull(),
    game: text('game').notNull(),
    currency: text('currency').notNull(),
    price: units('price').notNull(),
    soldAt: at('sold_at').notNull(),
    holdReleaseAt: at('hold_release_at'),
    /** held, settled or reversed. */
    state: text('state').notNull(),
  },
  (t) => [
    uniqueIndex('lot_sales_account_item').on(t.sellerAccountId, t.itemId),
    index('lot_sales_user_sold').on(t.userId, t.soldAt),
  ],
);

/** A stored reference price of a provider: `{ source, currency, amount, observedAt }`. */
export interface StoredProviderPrice {
  source: 'provider' | 'median';
  currency: string;
  amount: number;
  observedAt: string;
}

/** The price profile of one item: the user's custom price and the latest provider prices. */
export const lotPrices = pgTable(
  'lot_prices',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    game: text('game').notNull(),
    marketHashName: text('market_hash_name').notNull(),
    customPrice: units('custom_price'),
    customCurrency: text('custom_currency'),
    customUpdatedAt: at('custom_updated_at'),
    providers: jsonb('providers').$type<StoredProviderPrice[]>().notNull().default([]),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lot_prices_user_item').on(t.userId, t.game, t.marketHashName)],
);

/** Every price an item's profile took, for the price history chart. */
export const lotPriceHistory = pgTable(
  'lot_price_history',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    priceId: integer('price_id')
      .notNull()
      .references(() => lotPrices.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    currency: text('currency').notNull(),
    price: units('price').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('lot_price_history_price_at').on(t.priceId, t.at)],
);

/**
 * One apply run: written with its planned writes before the first market call (the intent), then the per-lot
 * outcomes as the market answers.
 */
export const lotRepriceJobs = pgTable(
  'lot_reprice_jobs',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    /** running, done or failed. */
    status: text('status').notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    summary: jsonb('summary').notNull(),
    strategy: jsonb('strategy'),
    profile: text('profile'),
    items: jsonb('items').notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    /** Renewed while a process writes the job's prices; a running job without it for long was cut by a crash. */
    heartbeatAt: at('heartbeat_at'),
    /** The process writing the job's prices (`newProcessOwner()`): once it is gone, the job was cut. */
    owner: text('owner'),
    /** The language of the per-lot texts (a job reconciled after a crash writes its own in it). */
    lang: text('lang').notNull().default('en'),
  },
  (t) => [index('lot_reprice_jobs_user').on(t.userId, t.id)],
);

/**
 * One mass price write of an apply job, written before the market call (`sending`) and marked `answered` with the
 * items the market refused: after a crash the job knows which batches went out and never sends one again.
 */
export const lotRepriceBatches = pgTable(
  'lot_reprice_batches',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    jobId: integer('job_id')
      .notNull()
      .references(() => lotRepriceJobs.id, { onDelete: 'cascade' }),
    sellerAccountId: integer('seller_account_id').notNull(),
    /** The market item ids of the listings written, in the call's order. */
    itemIds: jsonb('item_ids').$type<string[]>().notNull(),
    /** sending or answered. */
    state: text('state').notNull(),
    /** Item id to the market's detail, for the items it refused. */
    refused: jsonb('refused').$type<Record<string, string>>().notNull().default({}),
    sentAt: at('sent_at').notNull(),
    answeredAt: at('answered_at'),
  },
  (t) => [index('lot_reprice_batches_job').on(t.jobId, t.id)],
);

/** The repricing tick job of a seller account with the market scanner on: a run of another job id ends itself. */
export const lotRepricers = pgTable('lot_repricers', {
  sellerAccountId: integer('seller_account_id')
    .primaryKey()
    .references(() => sellerAccounts.id, { onDelete: 'cascade' }),
  userId: owner(),
  jobId: text('job_id').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
