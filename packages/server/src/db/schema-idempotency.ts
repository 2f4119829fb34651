import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './schema-workspaces.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One `Idempotency-Key` of a user (drizzle/0032_idempotency_keys.sql): the operation and the request it was first
 * used with (a keyed hash), whether that call is `running` or `done`, and its answer once done. The primary key
 * is the claim: of two calls with one key, one inserts and the other finds the row.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<'running' | 'done'>().notNull().default('running'),
    /** The HTTP status of the first answer (done only). */
    httpStatus: integer('http_status'),
    /** The first answer: `{ data }` of a success, `{ fault: true }` of a server fault. */
    answer: jsonb('answer'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.key] })],
);
