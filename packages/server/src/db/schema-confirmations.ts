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
import { steamAccounts, steamAccountTags } from './schema-steam-accounts.ts';
import { workspaces } from './schema-workspaces.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

/**
 * What the confirmations centre answers on its own for the accounts of one tag (drizzle/0039): confirmations of
 * offers Tradedeck created (on by default, today's behaviour) and of market listings it made. Nothing else is ever
 * answered without the user choosing it.
 */
export const confirmationRules = pgTable(
  'confirmation_rules',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => steamAccountTags.id, { onDelete: 'cascade' }),
    acceptOwnOffers: boolean('accept_own_offers').notNull().default(true),
    acceptOwnListings: boolean('accept_own_listings').notNull().default(false),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('confirmation_rules_user_tag').on(t.userId, t.tagId)],
);

/** A Steam market listing an account made through Tradedeck: its confirmation is ours. */
export const confirmationOwnListings = pgTable(
  'confirmation_own_listings',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    accountId: integer('account_id')
      .notNull()
      .references(() => steamAccounts.id, { onDelete: 'cascade' }),
    listingId: text('listing_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('confirmation_own_listings_account_listing').on(t.accountId, t.listingId)],
);

/**
 * One bulk answer (the user's filter, or a rule run): its confirmations are written before the first Steam call
 * (the intent), then each one's outcome. `running` until every item has one (`done`), or `failed`.
 */
export const confirmationJobs = pgTable(
  'confirmation_jobs',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    /** bulk (the user's filter) or rules. */
    origin: text('origin').$type<'bulk' | 'rules'>().notNull(),
    accept: boolean('accept').notNull(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    /** The filter or the rule selection it was made from, as the caller gave it. */
    selection: jsonb('selection').notNull(),
    total: integer('total').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('confirmation_jobs_user').on(t.userId, t.id)],
);

/**
 * One confirmation of a job: `planned`, `sending` (written before its Steam call), then `answered`, `gone` (no
 * longer listed when its turn came: answered elsewhere) or `failed` with the reason.
 */
export const confirmationJobItems = pgTable(
  'confirmation_job_items',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    jobId: integer('job_id')
      .notNull()
      .references(() => confirmationJobs.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    confirmationId: text('confirmation_id').notNull(),
    nonce: text('nonce').notNull(),
    type: integer('type').notNull(),
    creatorId: text('creator_id').notNull(),
    ours: boolean('ours').notNull(),
    state: text('state').$type<'planned' | 'sending' | 'answered' | 'gone' | 'failed'>().notNull(),
    reason: text('reason'),
    answeredAt: at('answered_at'),
  },
  (t) => [index('confirmation_job_items_job').on(t.jobId, t.id)],
);

/**
 * The last list Steam gave of one account's pending confirmations (drizzle/0044), kept so the centre shows it
 * without a Steam call: written by every read, on demand or by the background refresh. The background refreshes an
 * account while the centre watches it (`watched_until`, moved on by each listing); `lease_*` name the process
 * reading it now, so one process reads an account at a time and another takes it over after the lease.
 */
export const confirmationSnapshots = pgTable(
  'confirmation_snapshots',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => steamAccounts.id, { onDelete: 'cascade' }),
    userId: owner(),
    /** Steam's confirmations as listed (MobileConfirmation[]); empty when the read failed. */
    items: jsonb('items').notNull().default([]),
    /** Why the last read failed (a trading failure reason), or null. */
    failure: text('failure'),
    /** When Steam was last read; null until the first read, and again once an answer changed the list. */
    fetchedAt: at('fetched_at'),
    watchedUntil: at('watched_until').notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: at('lease_until'),
  },
  (t) => [index('confirmation_snapshots_due').on(t.watchedUntil, t.fetchedAt)],
);
