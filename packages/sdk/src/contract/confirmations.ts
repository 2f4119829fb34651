import { z } from 'zod';
import { moneySchema } from '../domain/money/money-schema.ts';
import { confirmationKindSchema } from '../domain/trading/confirmations.ts';
import { tradeFailureReasonSchema } from '../domain/trading/failures.ts';
import { tradeGameSchema } from '../domain/trading/games.ts';
import { idFromText, idSchema, isoDateTime } from './common.ts';
import { idParam } from './lists.ts';
import { defineOperation } from './operation.ts';
import { itemValuationSchema, portfolioValuationInput } from './portfolio.ts';

const digits = z.string().regex(/^\d{1,20}$/, 'Steam id as decimal digits');

/**
 * Which accounts: by id and by tag name (any of them); neither means every account of the user. `kinds` and `ours`
 * narrow the confirmations listed.
 */
export const confirmationFilterSchema = z.object({
  accountIds: z.array(idSchema).max(1000).optional(),
  tags: z.array(z.string().trim().min(1).max(64)).max(100).optional(),
  kinds: z.array(confirmationKindSchema).max(6).optional(),
  /** Only the confirmations Tradedeck created (true) or only the others (false). */
  ours: z.boolean().optional(),
});
export type ConfirmationFilter = z.infer<typeof confirmationFilterSchema>;

/**
 * One item a confirmation of our own offer gives away, from the offer's intent (its asset id) and the inventory
 * cache (what it is), valued from the chosen price source; null fields when the cache no longer holds the asset.
 */
export const confirmationItemSchema = z.object({
  assetId: z.string(),
  /** How many of it (a stack). */
  amount: z.number().int().positive(),
  game: tradeGameSchema.nullable(),
  marketHashName: z.string().nullable(),
  name: z.string().nullable(),
  /** The unit value from the chosen source with its age; null when the source has no price for it. */
  value: itemValuationSchema.nullable(),
});
export type ConfirmationItem = z.infer<typeof confirmationItemSchema>;

/** One pending mobile confirmation of one account. */
export const confirmationRowSchema = z.object({
  accountId: z.number().int().positive(),
  login: z.string(),
  /** Steam's confirmation id. */
  id: z.string(),
  kind: confirmationKindSchema,
  /** Steam's type number. */
  type: z.number().int(),
  /** The trade offer id of a trade, the listing id of a market listing. */
  creatorId: z.string(),
  offerId: z.string().nullable(),
  /** Created by Tradedeck: an offer it sent or accepted, a market listing it made. */
  ours: z.boolean(),
  /** The partner's SteamID of our own offer, else what Steam's headline names; null when neither says. */
  partner: z.string().nullable(),
  headline: z.string(),
  /** Steam's lines about what is confirmed (the items of a trade or listing). */
  items: z.array(z.string()),
  /**
   * The items our own offer gives, priced; null for a confirmation Tradedeck did not create, or one whose intent
   * names no items (an offer we accepted: Steam's lines above say what it moves).
   */
  pricedItems: z.array(confirmationItemSchema).nullable(),
  /** The priced items' values added up in the chosen currency (those without a price left out); null with none. */
  value: moneySchema.nullable(),
  createdAt: isoDateTime,
  /** When Steam listed it: now, or the background refresh's last read of the account. */
  fetchedAt: isoDateTime,
});
export type ConfirmationRow = z.infer<typeof confirmationRowSchema>;

/** Why an account's confirmations could not be read or answered. */
export const confirmationFailureReasonSchema = z.union([
  tradeFailureReasonSchema,
  z.enum(['accountUnavailable', 'busy']),
]);

export const confirmationAccountFailureSchema = z.object({
  accountId: z.number().int().positive(),
  login: z.string(),
  reason: confirmationFailureReasonSchema,
  message: z.string(),
});

/** `answered`; `gone` (no longer listed: answered elsewhere or expired); `failed` with the reason. */
export const CONFIRMATION_OUTCOMES = ['answered', 'gone', 'failed'] as const;
export const confirmationOutcomeSchema = z.object({
  accountId: z.number().int().positive(),
  confirmationId: z.string(),
  outcome: z.enum(CONFIRMATION_OUTCOMES),
  reason: confirmationFailureReasonSchema.nullable(),
  message: z.string().nullable(),
});
export type ConfirmationOutcome = z.infer<typeof confirmationOutcomeSchema>;

export const CONFIRMATION_JOB_ITEM_STATES = ['planned', 'sending', 'answered', 'gone', 'failed'] as const;
export const confirmationJobSchema = z.object({
  id: z.number().int().positive(),
  origin: z.enum(['bulk', 'rules']),
  accept: z.boolean(),
  status: z.enum(['running', 'done', 'failed']),
  total: z.number().int().nonnegative(),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  items: z.array(
    z.object({
      accountId: z.number().int().positive(),
      confirmationId: z.string(),
      kind: confirmationKindSchema,
      creatorId: z.string(),
      ours: z.boolean(),
      state: z.enum(CONFIRMATION_JOB_ITEM_STATES),
      reason: z.string().nullable(),
    }),
  ),
});
export type ConfirmationJob = z.infer<typeof confirmationJobSchema>;

/** What a tag's accounts answer on their own; a tag without a rule has the defaults. */
export const confirmationRuleSchema = z.object({
  tagId: z.number().int().positive(),
  tag: z.string(),
  /** Confirmations of offers Tradedeck sent or accepted (today's behaviour; on by default). */
  acceptOwnOffers: z.boolean(),
  /** Confirmations of market listings Tradedeck made (off by default). */
  acceptOwnListings: z.boolean(),
});
export type ConfirmationRule = z.infer<typeof confirmationRuleSchema>;

/** What a rule run does with one pending confirmation, and why. */
export const RULE_DECISIONS = ['ownOffer', 'ownListing', 'ruleOff', 'notOurs', 'neverAutomatic'] as const;
export const rulePlanItemSchema = z.object({
  accountId: z.number().int().positive(),
  login: z.string(),
  confirmationId: z.string(),
  kind: confirmationKindSchema,
  creatorId: z.string(),
  ours: z.boolean(),
  action: z.enum(['accept', 'leave']),
  why: z.enum(RULE_DECISIONS),
});
export type RulePlanItem = z.infer<typeof rulePlanItemSchema>;

export const confirmations = {
  list: defineOperation({
    id: 'confirmations.list',
    method: 'POST',
    path: '/api/confirmations/query',
    summary:
      'The pending mobile confirmations of the chosen accounts: as the background refresh last read them, or read from Steam now through each account’s proxy',
    input: confirmationFilterSchema.extend({
      /** Read every chosen account from Steam now instead of answering the background refresh's lists. */
      refresh: z.boolean().optional(),
      /** The price source and currency our own offers' items are valued in (the portfolio's choice). */
      source: portfolioValuationInput.source,
      currency: portfolioValuationInput.currency,
    }),
    output: z.object({
      items: z.array(confirmationRowSchema),
      failures: z.array(confirmationAccountFailureSchema),
    }),
    flags: {},
  }),
  answer: defineOperation({
    id: 'confirmations.answer',
    method: 'POST',
    path: '/api/confirmations/answer',
    summary:
      'Accept or deny chosen confirmations of one account by their ids; any not created by Tradedeck needs the step-up',
    input: z.object({
      accountId: idSchema,
      confirmationIds: z.array(digits).min(1).max(100),
      accept: z.boolean(),
    }),
    output: z.object({ outcomes: z.array(confirmationOutcomeSchema) }),
    flags: { stepUp: 'withdrawal', stepUpWaiver: 'ourConfirmations', idempotent: true },
  }),
  answerOffer: defineOperation({
    id: 'confirmations.answerOffer',
    method: 'POST',
    path: '/api/confirmations/offers/:offerId/answer',
    summary:
      'Accept or deny the confirmation of one trade offer; the account is found from Tradedeck’s offers unless named',
    input: z.object({ offerId: digits, accountId: idSchema.optional(), accept: z.boolean() }),
    output: confirmationOutcomeSchema,
    flags: { stepUp: 'withdrawal', stepUpWaiver: 'ourConfirmations', idempotent: true },
  }),
  answerMatching: defineOperation({
    id: 'confirmations.answerMatching',
    method: 'POST',
    path: '/api/confirmations/answer-matching',
    summary:
      'Accept or deny every pending confirmation that matches the filter, in a background job with an outcome for each',
    input: confirmationFilterSchema.extend({ accept: z.boolean() }),
    output: z.object({ jobId: z.number().int().positive(), total: z.number().int().nonnegative() }),
    flags: { stepUp: 'withdrawal', idempotent: true },
    // Only Tradedeck's own confirmations go without the step-up.
    stepUpWhen: (input) => input.ours !== true,
  }),
  job: defineOperation({
    id: 'confirmations.job',
    method: 'GET',
    path: '/api/confirmations/jobs/:id',
    summary: 'A bulk answer or rule run with the outcome of each confirmation',
    input: idParam,
    output: confirmationJobSchema,
    flags: {},
  }),
  rules: defineOperation({
    id: 'confirmations.rules',
    method: 'GET',
    path: '/api/confirmations/rules',
    summary: 'What the accounts of each tag answer on their own',
    input: z.object({}),
    output: z.array(confirmationRuleSchema),
    flags: {},
  }),
  setRule: defineOperation({
    id: 'confirmations.setRule',
    method: 'PUT',
    path: '/api/confirmations/rules/:tagId',
    summary: 'Sets what the accounts of one tag answer on their own',
    input: z.object({ tagId: idFromText, acceptOwnOffers: z.boolean(), acceptOwnListings: z.boolean() }),
    output: confirmationRuleSchema,
    flags: {},
  }),
  applyRules: defineOperation({
    id: 'confirmations.applyRules',
    method: 'POST',
    path: '/api/confirmations/rules/apply',
    summary:
      'Runs the rules against the pending confirmations of the chosen accounts, or only says what the run would do',
    input: confirmationFilterSchema.pick({ accountIds: true, tags: true }).extend({ dryRun: z.boolean() }),
    output: z.object({
      planned: z.array(rulePlanItemSchema),
      failures: z.array(confirmationAccountFailureSchema),
      jobId: z.number().int().positive().nullable(),
    }),
    flags: {},
  }),
} as const;
