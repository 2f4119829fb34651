import { z } from 'zod';
import { currencySchema, moneySchema } from '../domain/money/money-schema.ts';
import { transferOutcomeSchema } from '../domain/transfer/rules.ts';
import { idSchema, isoDateTime } from './common.ts';
import { idParam, listOutputSchema, pagesSchema } from './lists.ts';
import { defineOperation } from './operation.ts';
import { apiKeyInput, paymentPasswordInput } from './p2p.ts';

/** Hub source of transfer events on `seller-hub` (the same as the seller accounts whose balances they move). */
export const TRANSFER_SOURCE = 'accounts';

/** One of the user's TM accounts as the transfer dialog lists it (the spec's tm-accounts), with its balance. */
export const tmAccountSchema = z.object({
  id: z.number().int().positive(),
  login: z.string(),
  currency: currencySchema,
  /**
   * The currency the market keeps the account in at the last balance read, when it differs from the stored one:
   * transfers from it are refused (`currencyMismatch`) until the stored currency matches. Null when they agree.
   */
  marketCurrency: currencySchema.nullable(),
  /** Spendable balance in the market's currency; null until the first read. */
  balance: moneySchema.nullable(),
  balanceUpdatedAt: isoDateTime.nullable(),
  /** The saved receiver key of this account, masked to its last 4 characters; null when none is saved. */
  savedKeyMasked: z.string().nullable(),
  /** The saved key no longer opens this account (found at the last member check). */
  savedKeyMismatch: z.boolean(),
  hasSavedPaymentPassword: z.boolean(),
});
export type TmAccount = z.infer<typeof tmAccountSchema>;

/** Why the receiver cannot take the transfer (the member check). */
export const MEMBER_CHECK_REASONS = [
  'keyInvalid',
  'keyOtherAccount',
  'savedKeyMismatch',
  'noSavedKey',
  'transferNotSupported',
  'marketUnavailable',
] as const;
export const memberCheckReasonSchema = z.enum(MEMBER_CHECK_REASONS);
export type MemberCheckReason = z.infer<typeof memberCheckReasonSchema>;

export const memberCheckSchema = z.object({
  member: z.boolean(),
  /** The receiver's currency on the market, when the key opened it. */
  currency: currencySchema.nullable(),
  reason: memberCheckReasonSchema.nullable(),
  message: z.string().nullable(),
});
export type MemberCheck = z.infer<typeof memberCheckSchema>;

/** Why a transfer was not sent (or is not known to be). */
export const TRANSFER_FAILURES = [
  'wrongPaymentPassword',
  'insufficientFunds',
  'receiverNotFound',
  'transferNotSupported',
  'marketUnavailable',
  'failed',
  /** The outcome stayed unknown and the user said they checked on the market that it did not go. */
  'declaredNotSent',
] as const;
export const transferFailureSchema = z.enum(TRANSFER_FAILURES);
export type TransferFailure = z.infer<typeof transferFailureSchema>;

/**
 * One check of a transfer whose reply was lost: what was asked and what it showed. `sent` and `notSent` are positive
 * evidence; `nothing` (asked, and it showed neither) and `failed` (could not ask) settle nothing.
 */
export const transferCheckSchema = z.object({
  source: z.enum(['customId', 'sendHistory', 'balances']),
  found: z.enum(['sent', 'notSent', 'nothing', 'failed']),
  at: isoDateTime,
});
export type TransferCheck = z.infer<typeof transferCheckSchema>;

/** One transfer: the intent row and its outcome. */
export const transferRowSchema = z.object({
  id: z.number().int().positive(),
  /** Our unique id of the send, given to the market with it. */
  customId: z.string(),
  fromId: z.number().int().positive(),
  fromLogin: z.string(),
  toId: z.number().int().positive(),
  toLogin: z.string(),
  /** In the sender's currency: what left the sender. */
  amount: moneySchema,
  /** In the receiver's currency: what arrived (converted at the market's rate of the day); null while unknown. */
  received: moneySchema.nullable(),
  outcome: transferOutcomeSchema,
  failure: transferFailureSchema.nullable(),
  /** The failure in the caller's language. */
  message: z.string().nullable(),
  /** What the last check of a lost reply asked and found; empty when none was needed. */
  checks: z.array(transferCheckSchema),
  createdAt: isoDateTime,
  settledAt: isoDateTime.nullable(),
});
export type TransferRow = z.infer<typeof transferRowSchema>;

export const transfer = {
  accounts: defineOperation({
    id: 'transfer.accounts',
    method: 'GET',
    path: '/api/transfer/tm-accounts',
    summary: "The user's TM accounts a balance transfer can use, with their last balances",
    input: z.object({}),
    output: z.object({ items: z.array(tmAccountSchema) }),
    flags: {},
  }),
  balance: defineOperation({
    id: 'transfer.balance',
    method: 'POST',
    path: '/api/transfer/tm-accounts/:id/balance',
    summary: "Reads one TM account's balance from the market now",
    input: idParam,
    output: tmAccountSchema,
    flags: {},
  }),
  memberCheck: defineOperation({
    id: 'transfer.memberCheck',
    method: 'POST',
    path: '/api/transfer/member-check',
    summary:
      "Checks that the receiver's key (typed, or the saved one) opens the receiver account on the market, and reads the receiver's currency there",
    input: z.object({
      toId: idSchema,
      apiKey: apiKeyInput.optional(),
      /**
       * The sender, checked to be the user's. The market is not asked whether money may go: its only call for that,
       * `transfer-discounts`, moves the sender's fee discounts; the send itself says.
       */
      fromId: idSchema.optional(),
    }),
    output: memberCheckSchema,
    flags: { noStore: true },
  }),
  send: defineOperation({
    id: 'transfer.send',
    method: 'POST',
    path: '/api/transfer',
    summary:
      'Sends money from one TM account to another: the intent is written first, the market is called once and never again; a lost answer settles only on evidence from the market, else stays unknown until the user says they checked it did not go',
    input: z.object({
      fromId: idSchema,
      toId: idSchema,
      /** In the sender's currency and units. */
      amount: moneySchema,
      /** Absent: the receiver's saved key. */
      apiKey: apiKeyInput.optional(),
      rememberKey: z.boolean().default(false),
      /** Absent: the sender's saved payment password. */
      paymentPassword: paymentPasswordInput.optional(),
      rememberPassword: z.boolean().default(false),
      /** The accounts' currencies differ and the user confirmed the conversion. */
      acceptConversion: z.boolean().default(false),
      /**
       * The id of the sender's transfer whose outcome stayed unknown: the user checked on the market that it did not
       * go. It is closed as `declaredNotSent` and this send goes ahead (with the withdrawal second factor).
       */
      checkedNotSent: idSchema.optional(),
    }),
    output: transferRowSchema,
    flags: { noStore: true, stepUp: 'withdrawal', idempotent: true },
  }),
  get: defineOperation({
    id: 'transfer.get',
    method: 'GET',
    path: '/api/transfer/:id',
    summary: 'One transfer with its outcome',
    input: idParam,
    output: transferRowSchema,
    flags: {},
  }),
  check: defineOperation({
    id: 'transfer.check',
    method: 'POST',
    path: '/api/transfer/:id/check',
    summary:
      'Asks the market again what became of a transfer whose outcome is unknown: by custom id, in the send history and by both balances',
    input: idParam,
    output: transferRowSchema,
    flags: {},
  }),
  history: defineOperation({
    id: 'transfer.history',
    method: 'POST',
    path: '/api/transfer/history/query',
    summary: "The user's transfers, newest first, of one account (sent or received) or all",
    input: z.object({ accountId: idSchema.optional(), pages: pagesSchema }),
    output: listOutputSchema(transferRowSchema),
    flags: {},
  }),
  revealKey: defineOperation({
    id: 'transfer.revealKey',
    method: 'POST',
    path: '/api/transfer/tm-accounts/:id/saved-key',
    summary: "Shows an account's saved receiver key in full",
    input: idParam,
    output: z.object({ apiKey: z.string() }),
    flags: { noStore: true, stepUp: 'api_management' },
  }),
} as const;
