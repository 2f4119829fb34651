import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './schema-workspaces.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const units = (name: string) => bigint(name, { mode: 'number' });
const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

/**
 * The ledger (docs/ledger.md): one row per money or item event, append-only. `amount` is signed integer minor units
 * of `currency`; `effect` is what it does to profit (revenue, cost, fee, or none for own transfers, moves and
 * purchases); `realised` is false while the sale it belongs to is held. `market_account_id` and `bucket`
 * (available or held) name the market balance the entry moves, for reconciliation. `source_key` makes one event
 * write its entries once. Accounts are kept by id and login so the ledger outlives a deleted account.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: owner(),
    kind: text('kind').notNull(),
    effect: text('effect').notNull(),
    realised: boolean('realised').notNull().default(true),
    accountId: integer('account_id'),
    accountLogin: text('account_login'),
    marketAccountId: integer('market_account_id'),
    bucket: text('bucket'),
    saleId: integer('sale_id'),
    marketHashName: text('market_hash_name'),
    game: text('game'),
    quantity: integer('quantity').notNull().default(0),
    /** A cost entry's method (fifo or average; both are written, a report reads one), else ''. */
    method: text('method').notNull().default(''),
    amount: units('amount').notNull(),
    currency: text('currency').notNull(),
    /** The rate applied when the amount came from another currency (decimal string), else null. */
    rate: text('rate'),
    correctsId: bigint('corrects_id', { mode: 'number' }),
    sourceKey: text('source_key').notNull(),
    note: text('note'),
    /** When the event happened (a sale's own time for every entry of that sale). */
    occurredAt: at('occurred_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_user_source').on(t.userId, t.sourceKey),
    index('ledger_entries_user_occurred').on(t.userId, t.occurredAt),
    index('ledger_entries_user_item').on(t.userId, t.marketHashName, t.occurredAt),
    index('ledger_entries_user_sale').on(t.userId, t.saleId).where(sql`${t.saleId} IS NOT NULL`),
    index('ledger_entries_user_market').on(t.userId, t.marketAccountId).where(sql`${t.bucket} IS NOT NULL`),
  ],
);

/**
 * Profit per UTC day, currency, effect and realisation, kept with every entry in its transaction, so a year of
 * days is read from a few hundred rows whatever the number of entries.
 */
export const ledgerDays = pgTable(
  'ledger_days',
  {
    userId: owner(),
    day: text('day').notNull(),
    currency: text('currency').notNull(),
    effect: text('effect').notNull(),
    realised: boolean('realised').notNull(),
    method: text('method').notNull(),
    amount: units('amount').notNull(),
  },
  (t) => [uniqueIndex('ledger_days_key').on(t.userId, t.day, t.currency, t.effect, t.realised, t.method)],
);

/**
 * One sale's state (listed, sold, delivered, held, settled; or reversed), moved only through the sale machine.
 * One row per market account and market item id.
 */
export const ledgerSales = pgTable(
  'ledger_sales',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    marketAccountId: integer('market_account_id').notNull(),
    accountId: integer('account_id').notNull(),
    accountLogin: text('account_login').notNull(),
    platform: text('platform').notNull().default('tm'),
    itemId: text('item_id').notNull(),
    marketHashName: text('market_hash_name').notNull(),
    game: text('game').notNull(),
    currency: text('currency').notNull(),
    amount: units('amount').notNull(),
    status: text('status').notNull(),
    /** Whether a cost is known (written when the sale was recorded or when an import brought it). */
    costed: boolean('costed').notNull().default(false),
    buyer: text('buyer'),
    soldAt: at('sold_at').notNull(),
    settlesAt: at('settles_at'),
    settledAt: at('settled_at'),
    reversedAt: at('reversed_at'),
  },
  (t) => [
    uniqueIndex('ledger_sales_account_item').on(t.marketAccountId, t.itemId),
    index('ledger_sales_user_status').on(t.userId, t.status, t.settlesAt),
    index('ledger_sales_user_uncosted').on(t.userId, t.soldAt).where(sql`NOT ${t.costed}`),
  ],
);
