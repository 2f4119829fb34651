import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { sellerAccounts } from './schema-seller.ts';
import { workspaces } from './schema-workspaces.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One balance transfer between two of the user's TM accounts: the intent, written with its unique `custom_id`
 * before the market is called, then its outcome. `status` is `sending` (the call is in flight or the process died
 * during it), `sent`, `notSent` or `unknown` (the answer was lost: the market is asked by custom id). At most one
 * open (`sending` or `unknown`) transfer per sender, so nothing is offered again before the last one is resolved.
 * Logins are kept so the history outlives a deleted account. Amounts are integer units of their currencies.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    customId: text('custom_id').notNull(),
    fromAccountId: integer('from_account_id').notNull(),
    fromLogin: text('from_login').notNull(),
    toAccountId: integer('to_account_id').notNull(),
    toLogin: text('to_login').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    receivedAmount: bigint('received_amount', { mode: 'number' }),
    receivedCurrency: text('received_currency').notNull(),
    status: text('status').notNull().default('sending'),
    failure: text('failure'),
    detail: text('detail'),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
    checkedAt: at('checked_at'),
    /** Both balances before the send (integer units of `currency` and `received_currency`): evidence for a lost reply. */
    senderBefore: bigint('sender_before', { mode: 'number' }),
    receiverBefore: bigint('receiver_before', { mode: 'number' }),
    /** What the last check of a lost reply asked and found (`TransferCheck[]`). */
    checks: jsonb('checks'),
  },
  (t) => [
    uniqueIndex('transfers_custom_id').on(t.customId),
    index('transfers_user_created').on(t.userId, t.createdAt),
    uniqueIndex('transfers_one_open_per_sender')
      .on(t.fromAccountId)
      .where(sql`${t.status} IN ('sending', 'unknown')`),
    index('transfers_open').on(t.status).where(sql`${t.status} IN ('sending', 'unknown')`),
  ],
);

/**
 * What the transfer dialog remembers per TM account, sealed with the secret box: the key to send money to it
 * (remember key) and its payment password for sending from it (remember password). `receiver_key_mismatch` is set
 * when a member check found the saved key no longer opens the account.
 */
export const transferSecrets = pgTable(
  'transfer_secrets',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    sellerAccountId: integer('seller_account_id')
      .notNull()
      .references(() => sellerAccounts.id, { onDelete: 'cascade' }),
    receiverKeyEnc: text('receiver_key_enc'),
    receiverKeyHint: text('receiver_key_hint'),
    receiverKeyMismatch: boolean('receiver_key_mismatch').notNull().default(false),
    paymentPasswordEnc: text('payment_password_enc'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('transfer_secrets_account').on(t.sellerAccountId)],
);
