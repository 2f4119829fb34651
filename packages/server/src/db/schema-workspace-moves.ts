import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema-auth.ts';
import { workspaces } from './schema-workspaces.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

/**
 * One move of a personal workspace's accounts and proxies into a team workspace (drizzle/0049), owned by the team
 * workspace: `running` until every item has its outcome, then `done`.
 */
export const workspaceMoves = pgTable(
  'workspace_moves',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    /** The personal workspace the objects come from (its owner's id). */
    sourceId: uuid('source_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<'running' | 'done'>().notNull().default('running'),
    total: integer('total').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('workspace_moves_user').on(t.userId, t.id),
    check('workspace_moves_status', sql`${t.status} in ('running', 'done')`),
  ],
);

/** One account or proxy of a move: `planned`, then `moved` (in the transaction that moved it) or `failed`. */
export const workspaceMoveItems = pgTable(
  'workspace_move_items',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    moveId: integer('move_id')
      .notNull()
      .references(() => workspaceMoves.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'account' | 'proxy'>().notNull(),
    objectId: integer('object_id').notNull(),
    state: text('state').$type<'planned' | 'moved' | 'failed'>().notNull().default('planned'),
    failure: text('failure'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('workspace_move_items_move_object').on(t.moveId, t.kind, t.objectId),
    check('workspace_move_items_kind', sql`${t.kind} in ('account', 'proxy')`),
    check('workspace_move_items_state', sql`${t.state} in ('planned', 'moved', 'failed')`),
  ],
);
