/**
 * The ledger (docs/ledger.md): every sale, cost, fee, own transfer, item move and reversal as append-only entries
 * in integer minor units; profit per item, account, tag, game and period, realised and pending, in the displayed
 * currency; money on hold; purchase prices imported from CSV; reconciliation against the market's balances.
 */
import { z } from 'zod';
import { currencySchema, moneySchema } from '../domain/money/money-schema.ts';
import { tradeGameSchema } from '../domain/trading/games.ts';
import { idSchema, isoDateTime } from './common.ts';
import { BODY_LIMITS, defineOperation } from './operation.ts';

const count = z.number().int().nonnegative();

export const LEDGER_ENTRY_KINDS = [
  'sale',
  'cost',
  'fee',
  'purchase',
  'transfer',
  'move',
  'settlement',
  'reversal',
  'correction',
  'opening',
] as const;
export const LEDGER_GROUPS = ['item', 'account', 'tag', 'game', 'day', 'week', 'month'] as const;
export const COST_METHOD_VALUES = ['fifo', 'average'] as const;

export const ledgerPeriodSchema = z.object({
  /** Inclusive start (the event's time). */
  from: isoDateTime.optional(),
  /** Exclusive end. */
  to: isoDateTime.optional(),
  /** Steam account ids; every account when empty. */
  accountIds: z.array(idSchema).max(1_000).default([]),
});

export const ledgerEntrySchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** What it does to profit. */
  effect: z.enum(['revenue', 'cost', 'fee', 'none']),
  /** False while the sale it belongs to is held. */
  realised: z.boolean(),
  account: z.object({ id: z.number().int().nullable(), login: z.string().nullable() }),
  marketAccountId: z.number().int().nullable(),
  /** The market balance it moves: available, held, or none. */
  bucket: z.enum(['available', 'held']).nullable(),
  saleId: z.number().int().nullable(),
  marketHashName: z.string().nullable(),
  game: z.string().nullable(),
  quantity: z.number().int(),
  method: z.enum(['', ...COST_METHOD_VALUES]),
  amount: moneySchema,
  /** The rate applied when the amount came from another currency. */
  rate: z.string().nullable(),
  correctsId: z.number().int().nullable(),
  note: z.string().nullable(),
  occurredAt: isoDateTime,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** One line of a profit report, every amount in the displayed currency. */
export const profitRowSchema = z.object({
  /** The item name, account login, tag, game, or the period's first day (`YYYY-MM-DD`). */
  key: z.string(),
  revenue: moneySchema,
  cost: moneySchema,
  fees: moneySchema,
  profit: moneySchema,
  /** Of the profit, from settled sales. */
  realised: moneySchema,
  /** Of the profit, from sales still held. */
  pending: moneySchema,
  /** Revenue still held. */
  held: moneySchema,
});
export type ProfitRow = z.infer<typeof profitRowSchema>;

export const profitOutputSchema = z.object({
  currency: currencySchema,
  method: z.enum(COST_METHOD_VALUES),
  by: z.enum(LEDGER_GROUPS),
  rows: z.array(profitRowSchema),
  total: profitRowSchema,
  /** Sales with no known cost: their revenue counts, their cost is not guessed. */
  uncosted: count,
  /** The rates used to show other currencies (empty when everything was already in the displayed currency). */
  rates: z.array(z.object({ from: currencySchema, to: currencySchema, rate: z.string(), asOf: z.string() })),
});
export type ProfitOutput = z.infer<typeof profitOutputSchema>;

export const holdsOutputSchema = z.object({
  currency: currencySchema,
  accounts: z.array(
    z.object({
      accountId: z.number().int(),
      login: z.string(),
      held: z.array(moneySchema),
      nextReleaseAt: isoDateTime.nullable(),
    }),
  ),
  /** The next 8 UTC days, today first: what lands that day. */
  days: z.array(z.object({ day: z.string(), amounts: z.array(moneySchema), displayed: moneySchema })),
  sales: z.array(
    z.object({
      saleId: z.number().int(),
      login: z.string(),
      marketHashName: z.string(),
      amount: moneySchema,
      releaseAt: isoDateTime.nullable(),
    }),
  ),
});

export const purchaseImportLineSchema = z.object({
  line: z.number().int().positive(),
  name: z.string(),
  ok: z.boolean(),
  resultCode: z.number().int(),
  /** Empty when the line was taken. */
  message: z.string(),
});

export const reconcileAccountSchema = z.object({
  marketAccountId: z.number().int(),
  login: z.string(),
  currency: currencySchema,
  ledger: z.object({ available: moneySchema, held: moneySchema }),
  /** What the market answered; null when it could not be read. */
  market: z.object({ available: moneySchema, held: moneySchema }).nullable(),
  /** Market minus ledger (available and held together). */
  gap: moneySchema,
  status: z.enum(['matched', 'explained', 'unexplained', 'unread']),
  /** What explains the gap (transfers whose outcome is not known yet, releases the ledger has not seen). */
  explanations: z.array(z.object({ kind: z.string(), reference: z.string(), amount: moneySchema })),
});
export type ReconcileAccount = z.infer<typeof reconcileAccountSchema>;

export const ledger = {
  profit: defineOperation({
    id: 'ledger.profit',
    method: 'POST',
    path: '/api/ledger/profit',
    summary:
      'Profit per item, account, tag, game, day, week or month: revenue, cost, fees, realised and pending, in the displayed currency',
    input: ledgerPeriodSchema.extend({
      by: z.enum(LEDGER_GROUPS).default('day'),
      method: z.enum(COST_METHOD_VALUES).default('fifo'),
      currency: currencySchema.optional(),
    }),
    output: profitOutputSchema,
    flags: {},
  }),
  entries: defineOperation({
    id: 'ledger.entries',
    method: 'POST',
    path: '/api/ledger/entries',
    summary: 'Ledger entries in the order they were written, after `afterId`',
    input: ledgerPeriodSchema.extend({
      afterId: z.number().int().nonnegative().default(0),
      limit: z.number().int().min(1).max(1_000).default(200),
    }),
    output: z.object({ items: z.array(ledgerEntrySchema), nextAfterId: z.number().int().nullable() }),
    flags: {},
  }),
  export: defineOperation({
    id: 'ledger.export',
    method: 'POST',
    path: '/api/ledger/export',
    summary: 'The ledger entries (what=entries) or the profit report (what=profit) as CSV',
    input: ledgerPeriodSchema.extend({
      what: z.enum(['entries', 'profit']).default('entries'),
      by: z.enum(LEDGER_GROUPS).default('day'),
      method: z.enum(COST_METHOD_VALUES).default('fifo'),
      currency: currencySchema.optional(),
    }),
    output: z.string(),
    flags: { noStore: true },
    responseBody: 'text-stream',
  }),
  holds: defineOperation({
    id: 'ledger.holds',
    method: 'POST',
    path: '/api/ledger/holds',
    summary: 'Money on hold: per account, the sales it waits for, and what lands on each of the next 8 days',
    input: z.object({ currency: currencySchema.optional() }),
    output: holdsOutputSchema,
    flags: {},
  }),
  importPurchases: defineOperation({
    id: 'ledger.importPurchases',
    method: 'POST',
    path: '/api/ledger/purchases/import',
    summary:
      'Record purchase prices from CSV (`name,price[,quantity[,date]]`, or a TM or Steam history export); answers per line',
    input: z.object({
      text: z.string().max(10 * 1024 * 1024),
      currency: currencySchema,
      game: tradeGameSchema.default('cs2'),
    }),
    output: z.object({
      imported: count,
      failed: count,
      costed: count,
      lines: z.array(purchaseImportLineSchema),
    }),
    flags: {},
    maxBodyBytes: BODY_LIMITS.lines,
  }),
  correct: defineOperation({
    id: 'ledger.correct',
    method: 'POST',
    path: '/api/ledger/corrections',
    summary: 'Add a correction beside an entry (entries are never edited)',
    input: z.object({
      entryId: z.number().int().positive(),
      amount: z
        .number()
        .int()
        .refine((value) => value !== 0),
      note: z.string().trim().min(1).max(500),
    }),
    output: ledgerEntrySchema,
    flags: {},
  }),
  reconcile: defineOperation({
    id: 'ledger.reconcile',
    method: 'POST',
    path: '/api/ledger/reconcile',
    summary:
      "The ledger's balance of each market account against the balance the market reports, with what explains a gap",
    input: z.object({ marketAccountIds: z.array(idSchema).max(1_000).default([]) }),
    output: z.object({ accounts: z.array(reconcileAccountSchema) }),
    flags: {},
  }),
} as const;
