import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-auth.ts';

/**
 * Who owns data. Every user has a personal workspace whose id equals the user's id (made with the user, in the
 * same transaction, by a trigger of drizzle/0046_workspaces.sql), so every data table's `user_id` column names
 * the owning workspace. A team workspace has no users row; its members are in `workspace_members`.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    /** The user who made it; null once that user is deleted (a team workspace outlives its creator). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** How often its inventories are read on a schedule, in hours; null = off (docs/portfolio.md "Freshness"). */
    inventoryRefreshHours: smallint('inventory_refresh_hours').default(6),
  },
  (t) => [
    check('workspaces_kind', sql`${t.kind} in ('personal', 'team')`),
    check(
      'workspaces_inventory_refresh_hours',
      sql`${t.inventoryRefreshHours} is null or ${t.inventoryRefreshHours} between 1 and 168`,
    ),
  ],
);

/**
 * A user's membership of a workspace. `scope_tags` null = the whole workspace; otherwise only the Steam accounts
 * and proxies carrying one of these tags, and the rows derived from those accounts (docs/workspaces.md).
 */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    scopeTags: text('scope_tags').array(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    // "My workspaces", and the policies' lookup of the signed-in user's membership.
    index('workspace_members_user').on(t.userId, t.workspaceId),
    check('workspace_members_role', sql`${t.role} in ('owner', 'operator', 'viewer')`),
  ],
);

/**
 * Data keys wrapped by the master key, one per workspace (a personal one's is its user's); deleting the row shreds
 * the workspace's stored secrets.
 */
export const userKeys = pgTable('user_keys', {
  /** The owning workspace (a user's personal one has the user's id): a team workspace has its own data key. */
  userId: uuid('user_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  wrappedKey: text('wrapped_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
});
