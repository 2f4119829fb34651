import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { proxies } from './schema-proxies.ts';
import { workspaces } from './schema-workspaces.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's Steam accounts. The password, the whole maFile (shared and identity secrets, session tokens) and the
 * refresh token are SecretBox envelopes; the flags say which secrets exist without opening them.
 */
export const steamAccounts = pgTable(
  'steam_accounts',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    login: text('login').notNull(),
    /** SteamID64 as decimal text, never a JS number. */
    steamId: text('steam_id'),
    avatarUri: text('avatar_uri'),
    proxyId: integer('proxy_id').references(() => proxies.id, { onDelete: 'set null' }),
    /** docs/product-shell.md §3: 0 idle, 1 active, 2 error. */
    status: smallint('status').notNull().default(0),
    /** Add-reason code of the last failed sign-in (docs/product-shell.md §8), null when it succeeded. */
    lastErrorReason: text('last_error_reason'),
    lastLoginAt: at('last_login_at'),
    passwordEnc: text('password_enc').notNull(),
    mafileEnc: text('mafile_enc').notNull(),
    refreshTokenEnc: text('refresh_token_enc'),
    refreshTokenExpiresAt: at('refresh_token_expires_at'),
    hasSharedSecret: boolean('has_shared_secret').notNull().default(false),
    hasIdentitySecret: boolean('has_identity_secret').notNull().default(false),
    hasRevocationCode: boolean('has_revocation_code').notNull().default(false),
    /** Wallet balances as `[{ currency, amount }]` in minor units. */
    balances: jsonb('balances').notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
    /**
     * The ids of the account's tags, kept by the tag links' triggers (drizzle/0051): a member limited to tags is
     * checked against the row itself. Never written by the server, never in an answer.
     */
    tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  // The list's indexes (status, created and id, proxy, id) INCLUDE tag_ids since drizzle/0051: every policy reads it.
  (t) => [
    uniqueIndex('steam_accounts_user_login').on(t.userId, sql`lower(${t.login})`),
    index('steam_accounts_user_status').on(t.userId, t.status),
    index('steam_accounts_proxy').on(t.proxyId),
    index('steam_accounts_user_created').on(t.userId, t.createdAt),
    // The default list order (newest first, id as tiebreak) read straight from the index.
    index('steam_accounts_user_created_id').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The "in use" status of proxies, and the list read by id (0025_list_indexes).
    index('steam_accounts_user_proxy').on(t.userId, t.proxyId),
    index('steam_accounts_user_id').on(t.userId, t.id),
    index('steam_accounts_tag_ids').using('gin', t.tagIds),
    // The text search's candidates of one user, read by steam_account_search_ids (0026, 0027_proxies_query).
    index('steam_accounts_search_trgm').using(
      'gin',
      t.userId,
      sql`(${t.login} || ' ' || coalesce(${t.steamId}, '')) gin_trgm_ops`,
    ),
  ],
);

export const steamAccountTags = pgTable(
  'steam_account_tags',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('steam_account_tags_user_name').on(t.userId, sql`lower(${t.name})`)],
);

export const steamAccountTagLinks = pgTable(
  'steam_account_tag_links',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => steamAccounts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => steamAccountTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.tagId] }), index('steam_account_tag_links_tag').on(t.tagId)],
);
