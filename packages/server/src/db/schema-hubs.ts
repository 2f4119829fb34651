import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** The head of each live-event source: the last version given out, so versions grow by one per source. */
export const hubSources = pgTable(
  'hub_sources',
  {
    userId: text('user_id').notNull(),
    hub: text('hub').notNull(),
    sourceId: text('source_id').notNull(),
    lastVersion: bigint('last_version', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hub, t.sourceId] })],
);

/** The durable live-event log: what a subscriber replays from its sequence token. */
export const hubEvents = pgTable(
  'hub_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    hub: text('hub').notNull(),
    sourceId: text('source_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    eventName: text('event_name').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('hub_events_source_version').on(t.userId, t.hub, t.sourceId, t.version),
    index('hub_events_created_at').on(t.createdAt),
  ],
);

/** Keys shared by every server process on one database (the hub connection-token key). */
export const hubKeys = pgTable('hub_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
