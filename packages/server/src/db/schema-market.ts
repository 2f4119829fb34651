import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The market's per-key call pacing shared by every server process: one row per API key, named by a keyed hash of
 * the key (never the key). It names no user, so it is not user-owned (no RLS).
 */
export const marketKeyPacing = pgTable('market_key_pacing', {
  keyId: text('key_id').primaryKey(),
  /** The earliest start of the key's next call. */
  nextSlot: timestamp('next_slot', { withTimezone: true }).notNull(),
});
