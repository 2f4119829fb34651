import { sql } from 'drizzle-orm';
import {
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
import { steamAccounts } from './schema-steam-accounts.ts';
import { workspaces } from './schema-workspaces.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One accepted trade of ours followed through its Trade Protection window (drizzle/0033): what it carried (a
 * harvester transaction, a seller delivery, a move between the user's own accounts), the account whose trade history
 * shows it, the trade id once the history named it and when its window ends (until then, when to stop looking for
 * it). `watching` until the window ends (`cleared`) or Steam shows the trade rolled back (`reversed`, with when it
 * was seen and the trade that sent the items back).
 */
export const steamTradeWatches = pgTable(
  'steam_trade_watches',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => steamAccounts.id, { onDelete: 'cascade' }),
    /** harvester, delivery or move. */
    subject: text('subject').$type<'harvester' | 'delivery' | 'move'>().notNull(),
    subjectId: integer('subject_id').notNull(),
    partnerSteamId: text('partner_steam_id').notNull(),
    givenAssetIds: jsonb('given_asset_ids').$type<string[]>().notNull().default([]),
    receivedAssetIds: jsonb('received_asset_ids').$type<string[]>().notNull().default([]),
    /** The market's item ids of the sales a delivery carried (lot_sales.item_id), captured while the lots exist. */
    saleItemIds: jsonb('sale_item_ids').$type<string[]>().notNull().default([]),
    tradeId: text('trade_id'),
    tradedAt: at('traded_at'),
    windowEndsAt: at('window_ends_at').notNull(),
    status: text('status').notNull().default('watching'),
    checkedAt: at('checked_at'),
    reversedAt: at('reversed_at'),
    rollbackTradeId: text('rollback_trade_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('steam_trade_watches_subject').on(t.subject, t.subjectId),
    index('steam_trade_watches_watching').on(t.accountId, t.windowEndsAt).where(sql`status = 'watching'`),
    index('steam_trade_watches_user').on(t.userId),
  ],
);
