import {
  boolean,
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
import { workspaces } from './schema-workspaces.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A harvester settings profile: its name, default flag and the spec's settings as one document. */
export const harvesterProfiles = pgTable(
  'harvester_profiles',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    settings: jsonb('settings').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('harvester_profiles_user_name').on(table.userId, table.name)],
);

/**
 * A harvest session: sources, targets and a copy of the profile's settings fixed at creation; its status, plan and
 * the lease of the runner working on it (a running session whose lease ran out reads as unknown).
 */
export const harvesterSessions = pgTable(
  'harvester_sessions',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    profileId: integer('profile_id').references(() => harvesterProfiles.id, { onDelete: 'set null' }),
    profileName: text('profile_name').notNull(),
    settings: jsonb('settings').notNull(),
    status: text('status').notNull().default('idle'),
    sources: jsonb('sources').notNull(),
    targets: jsonb('targets').notNull(),
    targetWeights: jsonb('target_weights').notNull(),
    plan: jsonb('plan'),
    currentRun: integer('current_run').notNull().default(0),
    runnerOwner: text('runner_owner'),
    leaseUntil: at('lease_until'),
    createdAt: at('created_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    completedAt: at('completed_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [index('harvester_sessions_user').on(table.userId, table.id)],
);

/** One trade offer of a session, source to target, through the spec's steps. */
export const harvesterTransactions = pgTable(
  'harvester_transactions',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => harvesterSessions.id, { onDelete: 'cascade' }),
    run: integer('run').notNull(),
    sourceId: integer('source_id').notNull(),
    sourceLogin: text('source_login').notNull(),
    targetId: integer('target_id').notNull(),
    targetLogin: text('target_login').notNull(),
    game: text('game').notNull(),
    status: text('status').notNull(),
    items: jsonb('items').notNull(),
    itemCount: integer('item_count').notNull(),
    value: jsonb('value').notNull(),
    giveBack: jsonb('give_back').notNull(),
    giveBackCount: integer('give_back_count').notNull(),
    giveBackValue: jsonb('give_back_value').notNull(),
    /** The offer's `[td:<reference>]`: the send intent's idempotency key. */
    reference: text('reference').notNull(),
    offerId: text('offer_id'),
    errorStep: text('error_step'),
    errorReason: text('error_reason'),
    attempt: integer('attempt').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('harvester_transactions_session').on(table.sessionId, table.run, table.id),
    index('harvester_transactions_session_status').on(table.sessionId, table.status),
    index('harvester_transactions_user').on(table.userId),
    // The list of a session's transactions, with and without a status filter (0025_list_indexes).
    index('harvester_transactions_user_session').on(table.userId, table.sessionId, table.id),
    index('harvester_transactions_user_session_status').on(
      table.userId,
      table.sessionId,
      table.status,
      table.id,
    ),
  ],
);
