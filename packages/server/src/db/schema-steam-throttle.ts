import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Sign-in spacing and rests shared by every server process: one row per proxy (`proxy:<host:port>`, Steam limits
 * by address) or per Steam login (`account:<login>`). It names no user, so it is not user-owned (no RLS); a
 * login rested here is rested for whoever adds it, as Steam itself does.
 */
export const steamLoginThrottle = pgTable('steam_login_throttle', {
  key: text('key').primaryKey(),
  /** Epoch ms before which the next sign-in through this proxy may not start. */
  nextSlotAt: bigint('next_slot_at', { mode: 'number' }).notNull().default(0),
  /** Epoch ms until which sign-ins through this proxy (or for this login) are refused without asking Steam. */
  coolDownUntil: bigint('cool_down_until', { mode: 'number' }).notNull().default(0),
});
