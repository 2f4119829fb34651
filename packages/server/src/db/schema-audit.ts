import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-auth.ts';
import { workspaces } from './schema-workspaces.ts';

/**
 * An invitation into a team workspace, mailed to `email`. Only the hash of the link's code is kept; the link is
 * good until `expires_at` (7 days) and once (`accepted_at`).
 */
export const workspaceInvites = pgTable(
  'workspace_invites',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    scopeTags: text('scope_tags').array(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    index('workspace_invites_workspace').on(t.workspaceId),
    check('workspace_invites_role', sql`${t.role} in ('operator', 'viewer')`),
  ],
);

/**
 * Who did what in a workspace: every state-changing call and every secret shown, written in the transaction of
 * the change. `targets` holds the ids the call named, never a secret.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The member who acted; null once that user is deleted. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    deviceSessionId: uuid('device_session_id'),
    ip: text('ip'),
    operation: text('operation').notNull(),
    targets: jsonb('targets').notNull().default(sql`'{}'::jsonb`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_entries_workspace_at').on(t.workspaceId, t.at.desc(), t.id.desc())],
);

/** How long a workspace keeps its audit entries, when its owner chose (default 180 days). */
export const auditRetention = pgTable('audit_retention', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  days: integer('days').notNull(),
});
