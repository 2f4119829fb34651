import { sql } from 'drizzle-orm';
import { customType, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/** A 64-bit transaction id (Postgres `xid8`), read and written as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * One row per (user, list source table, writing transaction), written by statement-level triggers on the tables
 * the lists count (drizzle/0030_list_changes.sql). A cached list total is valid while no row of its user and
 * sources belongs to a transaction its snapshot did not see (src/db/list-totals.ts).
 */
export const listChanges = pgTable(
  'list_changes',
  {
    userId: uuid('user_id').notNull(),
    source: text('source').notNull(),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [primaryKey({ name: 'list_changes_pk', columns: [t.userId, t.source, t.xid] })],
);
