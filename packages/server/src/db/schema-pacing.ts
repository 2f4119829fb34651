import { bigint, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Adaptive pacing of Steam calls shared by every server process (src/pacing): one row per limiter, keyed
 * `proxy:<host:port>:<class>` or `account:<steamid or login>:<class>`, holding its state as JSON and a version for
 * compare-and-set. It names no user (Steam limits an egress or an account for whoever uses it), so it is a system
 * table like steam_login_throttle.
 */
export const pacingLimiters = pgTable('pacing_limiters', {
  key: text('key').primaryKey(),
  state: jsonb('state').notNull(),
  version: integer('version').notNull(),
  /** Epoch ms until which the limiter rests (copied out of the state so resting rows can be found). */
  restUntil: bigint('rest_until', { mode: 'number' }).notNull().default(0),
});
