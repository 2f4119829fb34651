import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Instance-wide settings kept as small JSON documents by key (maintenance state, for one). */
export const systemState = pgTable('system_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export * from './schema-audit.ts';
export * from './schema-auth.ts';
export * from './schema-confirmations.ts';
export * from './schema-harvester.ts';
export * from './schema-hubs.ts';
export * from './schema-idempotency.ts';
export * from './schema-ledger.ts';
export * from './schema-list-changes.ts';
export * from './schema-lots.ts';
export * from './schema-market.ts';
export * from './schema-notifications.ts';
export * from './schema-pacing.ts';
export * from './schema-portfolio.ts';
export * from './schema-proxies.ts';
export * from './schema-seller.ts';
export * from './schema-steam-accounts.ts';
export * from './schema-steam-throttle.ts';
export * from './schema-steam-trading.ts';
export * from './schema-trade-reversals.ts';
export * from './schema-transfer.ts';
export * from './schema-workspace-moves.ts';
export * from './schema-workspaces.ts';
