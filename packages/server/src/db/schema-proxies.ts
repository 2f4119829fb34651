import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './schema-workspaces.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's proxies. The password is a SecretBox envelope; `identity_hash` is a keyed hash of protocol, host, port,
 * login and password, so duplicates are found without storing the password in the clear.
 */
export const proxies = pgTable(
  'proxies',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    protocol: smallint('protocol').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    username: text('username'),
    passwordEnc: text('password_enc'),
    name: text('name'),
    identityHash: text('identity_hash').notNull(),
    countryCode: text('country_code'),
    /**
     * docs/product-shell.md §3 statuses: 0 no-check, 1 idle, 2 in-use, 3 invalid, 4 expired (5 unsaved is
     * never stored).
     */
    status: smallint('status').notNull().default(0),
    lastCheckedAt: at('last_checked_at'),
    lastValid: boolean('last_valid'),
    lastLatencyMs: integer('last_latency_ms'),
    lastExitIp: text('last_exit_ip'),
    lastErrorClass: text('last_error_class'),
    /** When these credentials last passed a check: a later auth failure makes the proxy expired, not invalid. */
    lastValidAt: at('last_valid_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    /**
     * The ids of the proxy's tags, kept by the tag links' triggers (drizzle/0051): a member limited to tags is
     * checked against the row itself. Never written by the server, never in an answer.
     */
    tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    uniqueIndex('proxies_user_identity').on(t.userId, t.identityHash),
    // The list's filters and sorts, each led by the user and ending with the id (0025_list_indexes).
    // Written with INCLUDE (status) in drizzle/0031_list_indexes.sql; since drizzle/0051 each of them also
    // INCLUDEs tag_ids, which every policy reads, so counts and pages of ids still read the index alone.
    index('proxies_user_id').on(t.userId, t.id),
    index('proxies_tag_ids').using('gin', t.tagIds),
    index('proxies_user_status').on(t.userId, t.status, t.id),
    index('proxies_user_country').on(t.userId, t.countryCode, t.id),
    index('proxies_user_country_status').on(t.userId, t.countryCode, t.status, t.id),
    index('proxies_user_created').on(t.userId, t.createdAt, t.id),
    index('proxies_user_host').on(t.userId, t.host, t.id),
    index('proxies_user_latency').on(t.userId, t.lastLatencyMs, t.id),
    index('proxies_user_checked').on(t.userId, t.lastCheckedAt.desc().nullsLast(), t.id),
    index('proxies_user_name').on(t.userId, sql`lower(${t.name})`, t.id),
    // The text search's candidates of one user, read by proxy_search_ids (0026_search_tokens, 0027_proxies_query).
    index('proxies_search_trgm').using(
      'gin',
      t.userId,
      sql`(${t.host} || ' ' || coalesce(${t.name}, '') || ' ' || coalesce(${t.username}, '')) gin_trgm_ops`,
    ),
  ],
);

export const proxyTags = pgTable(
  'proxy_tags',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('proxy_tags_user_name').on(t.userId, sql`lower(${t.name})`)],
);

export const proxyTagLinks = pgTable(
  'proxy_tag_links',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    proxyId: integer('proxy_id')
      .notNull()
      .references(() => proxies.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => proxyTags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.proxyId, t.tagId] }),
    // A tag's links in proxy order, the user id for the policy read from the index too (0027_proxies_query).
    index('proxy_tag_links_tag').on(t.tagId, t.proxyId, t.userId),
  ],
);
