import { z } from 'zod';
import {
  accountRefSchema,
  harvesterErrorReasonSchema,
  harvesterProfileNameSchema,
  harvesterProfileSchema,
  harvesterSessionStatusSchema,
  harvesterSettingsSchema,
  harvesterStepSchema,
  harvesterTransactionStatusSchema,
  moneyTotalsSchema,
} from '../domain/harvester/schemas.ts';
import { tradeGameSchema } from '../domain/trading/games.ts';
import { assetIdSchema } from '../domain/trading/items.ts';
import { idFromText, idSchema, isoDateTime } from './common.ts';
import {
  batchResultSchema,
  idParam,
  listOutputSchema,
  listWindowFields,
  pagesSchema,
  sortSchema,
} from './lists.ts';
import { BODY_LIMITS, defineOperation } from './operation.ts';

/** Hub source of the user's session list; each session's transactions travel on `session:{id}`. */
export const HARVESTER_SESSIONS_SOURCE = 'sessions';
export function harvesterSessionSource(sessionId: number): string {
  return `session:${sessionId}`;
}

/** A profile as written by create and update: the spec's fields (the "Game profile" rule is checked by the server). */
export const harvesterProfileInputSchema = harvesterSettingsSchema.extend({
  name: harvesterProfileNameSchema,
});
export type HarvesterProfileInput = z.infer<typeof harvesterProfileInputSchema>;

/** Accounts picked for one side of a session: by id and/or by tag (every account carrying any of the tags). */
export const accountSelectionSchema = z
  .object({
    accountIds: z.array(idSchema).max(100_000).default([]),
    tagIds: z.array(idSchema).max(1000).default([]),
  })
  .refine((selection) => selection.accountIds.length + selection.tagIds.length > 0, 'Pick accounts or tags');
export type AccountSelection = z.infer<typeof accountSelectionSchema>;

/** Proportional spread only: a target's share weight (default 1; 0 gives it nothing). */
export const targetWeightSchema = z.object({
  accountId: idSchema,
  weight: z.number().int().nonnegative().max(1_000_000),
});

/** Items of a session by what became of them in planning. */
export const harvesterPlanCountsSchema = z.object({
  /** Tradable items of the sources that pass the profile's filters. */
  eligible: z.number().int().nonnegative(),
  /** Items planned into transactions (all runs). */
  planned: z.number().int().nonnegative(),
  /** Items no target had room for (balanced cap with every target full, or every weight 0): not moved. */
  leftover: z.number().int().nonnegative(),
  /** Send runs: Steam allows 5 offers to one partner per run, the rest waits for the next run. */
  runs: z.number().int().nonnegative(),
  /** Sources and targets whose inventory could not be read (nothing planned from or give-back taken of them). */
  failedAccounts: z.array(z.object({ account: accountRefSchema, reason: harvesterErrorReasonSchema })),
});

export const harvesterSessionSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  status: harvesterSessionStatusSchema,
  profile: z.object({ id: z.number().int().positive().nullable(), name: z.string() }),
  sources: z.array(accountRefSchema),
  targets: z.array(accountRefSchema),
  /** Transactions per status (every status present, 0 when none). */
  counts: z.record(harvesterTransactionStatusSchema, z.number().int().nonnegative()),
  /** Null until the session was first started and planned. */
  plan: harvesterPlanCountsSchema.nullable(),
  /** The run being sent (1-based); 0 before the first. */
  currentRun: z.number().int().nonnegative(),
  itemsMoved: z.number().int().nonnegative(),
  valueMoved: moneyTotalsSchema,
  createdAt: isoDateTime,
  startedAt: isoDateTime.nullable(),
  /** Set when every transaction reached an end (the session then goes idle). */
  finishedAt: isoDateTime.nullable(),
  /** Set by complete: the session is closed and read-only. */
  completedAt: isoDateTime.nullable(),
});
export type HarvesterSession = z.infer<typeof harvesterSessionSchema>;

export const harvesterTransactionSchema = z.object({
  id: z.number().int().positive(),
  sessionId: z.number().int().positive(),
  run: z.number().int().positive(),
  source: accountRefSchema,
  target: accountRefSchema,
  game: tradeGameSchema,
  status: harvesterTransactionStatusSchema,
  /** Items the source gives and their value. */
  itemCount: z.number().int().nonnegative(),
  value: moneyTotalsSchema,
  /** Community items the target gives back and their value. */
  giveBackCount: z.number().int().nonnegative(),
  giveBackValue: moneyTotalsSchema,
  /** The step it failed at (status error), or was cancelled at. */
  errorStep: harvesterStepSchema.nullable(),
  errorReason: harvesterErrorReasonSchema.nullable(),
  /** The reason in the request's language (events carry only the reason: `harvesterErrorMessages`). */
  error: z.string().nullable(),
  offerId: z.string().nullable(),
  /** Attempts made (a restart makes a new one, with a new offer reference). */
  attempt: z.number().int().positive(),
  updatedAt: isoDateTime,
});
export type HarvesterTransaction = z.infer<typeof harvesterTransactionSchema>;

export const HARVESTER_TRANSACTION_SORT = ['id', 'status', 'itemCount', 'value', 'updatedAt', 'run'] as const;
export const HARVESTER_SESSION_SORT = ['id', 'createdAt', 'status', 'name'] as const;

const sessionParam = idParam;
/** Which transactions a restart or cancel names: some by id, or all that qualify. */
const transactionPick = idParam.extend({
  transactionIds: z.array(idSchema).max(100_000).default([]),
  all: z.boolean().default(false),
});

const totalsRowSchema = z.object({ items: z.number().int().nonnegative(), value: moneyTotalsSchema });

export const harvesterSummarySchema = z.object({
  sessionId: z.number().int().positive(),
  status: harvesterSessionStatusSchema,
  counts: harvesterSessionSchema.shape.counts,
  moved: totalsRowSchema,
  byGame: z.array(totalsRowSchema.extend({ game: tradeGameSchema })),
  bySource: z.array(totalsRowSchema.extend({ account: accountRefSchema })),
  byTarget: z.array(
    totalsRowSchema.extend({ account: accountRefSchema, givenBack: z.number().int().nonnegative() }),
  ),
  errorsByReason: z.array(
    z.object({ reason: harvesterErrorReasonSchema, count: z.number().int().positive(), message: z.string() }),
  ),
  startedAt: isoDateTime.nullable(),
  finishedAt: isoDateTime.nullable(),
  /** Running time so far (or until it finished), milliseconds. */
  durationMs: z.number().int().nonnegative(),
});
export type HarvesterSummary = z.infer<typeof harvesterSummarySchema>;

export const harvester = {
  listProfiles: defineOperation({
    id: 'harvester.listProfiles',
    method: 'GET',
    path: '/api/harvester/profiles',
    summary: "The user's harvester settings profiles, the default first",
    input: z.object({}),
    output: z.array(harvesterProfileSchema),
    flags: {},
  }),
  createProfile: defineOperation({
    id: 'harvester.createProfile',
    method: 'POST',
    path: '/api/harvester/profiles',
    summary:
      'Create a settings profile (a list mode needs at least one game); the first profile becomes the default',
    input: harvesterProfileInputSchema,
    output: harvesterProfileSchema,
    flags: {},
  }),
  updateProfile: defineOperation({
    id: 'harvester.updateProfile',
    method: 'PUT',
    path: '/api/harvester/profiles/:id',
    summary: "Replace a profile's name and settings (sessions already planned keep what they planned)",
    input: harvesterProfileInputSchema.extend({ id: idFromText }),
    output: harvesterProfileSchema,
    flags: {},
  }),
  duplicateProfile: defineOperation({
    id: 'harvester.duplicateProfile',
    method: 'POST',
    path: '/api/harvester/profiles/:id/duplicate',
    summary: 'Copy a profile under a new name (default: the name with " (copy)")',
    input: idParam.extend({ name: harvesterProfileNameSchema.optional() }),
    output: harvesterProfileSchema,
    flags: {},
  }),
  removeProfile: defineOperation({
    id: 'harvester.removeProfile',
    method: 'DELETE',
    path: '/api/harvester/profiles/:id',
    summary:
      'Remove a profile (sessions keep a copy of its settings); removing the default makes the oldest the default',
    input: idParam,
    output: z.object({ id: z.number().int() }),
    flags: {},
  }),
  setDefaultProfile: defineOperation({
    id: 'harvester.setDefaultProfile',
    method: 'POST',
    path: '/api/harvester/profiles/:id/default',
    summary: 'Make a profile the default one',
    input: idParam,
    output: harvesterProfileSchema,
    flags: {},
  }),
  listSessions: defineOperation({
    id: 'harvester.listSessions',
    method: 'POST',
    path: '/api/harvester/sessions/query',
    summary: "A page of the user's harvester sessions, newest first by default",
    input: z.object({
      withStatus: z.array(harvesterSessionStatusSchema).default([]),
      /** Include completed (closed) sessions. */
      includeCompleted: z.boolean().default(true),
      pages: pagesSchema,
      sort: sortSchema(HARVESTER_SESSION_SORT),
    }),
    output: listOutputSchema(harvesterSessionSchema),
    flags: {},
  }),
  getSession: defineOperation({
    id: 'harvester.getSession',
    method: 'GET',
    path: '/api/harvester/sessions/:id',
    summary: 'One session with its counts and plan',
    input: sessionParam,
    output: harvesterSessionSchema,
    flags: {},
  }),
  createSession: defineOperation({
    id: 'harvester.createSession',
    method: 'POST',
    path: '/api/harvester/sessions',
    summary:
      'Create an idle session: sources and targets by account or tag (an account on both sides is refused), a profile (default: the default profile), optionally only the assets picked on the sources',
    input: z.object({
      name: z.string().trim().min(1).max(64).optional(),
      profileId: idSchema.optional(),
      sources: accountSelectionSchema,
      targets: accountSelectionSchema,
      targetWeights: z.array(targetWeightSchema).max(100_000).default([]),
      /**
       * Only these assets move (items picked across accounts, as the portfolio does): each one's account must be a
       * source, the sources none of them names are left out, and the profile's item filters give way to the pick.
       */
      assets: z
        .array(z.object({ accountId: idSchema, assetId: assetIdSchema }))
        .min(1)
        .max(10_000)
        .optional(),
    }),
    output: harvesterSessionSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  startSession: defineOperation({
    id: 'harvester.startSession',
    method: 'POST',
    path: '/api/harvester/sessions/:id/start',
    summary:
      'Start (or resume) a session: its runner scans the sources and targets, plans the transactions on first start and runs them',
    input: sessionParam,
    output: harvesterSessionSchema,
    flags: {},
  }),
  pauseSession: defineOperation({
    id: 'harvester.pauseSession',
    method: 'POST',
    path: '/api/harvester/sessions/:id/pause',
    summary: 'Pause a running session: its transactions stop before their next step',
    input: sessionParam,
    output: harvesterSessionSchema,
    flags: {},
  }),
  completeSession: defineOperation({
    id: 'harvester.completeSession',
    method: 'POST',
    path: '/api/harvester/sessions/:id/complete',
    summary:
      'Close a session that is not running: transactions not yet sent are cancelled, offers sent and not accepted are cancelled on Steam',
    input: sessionParam,
    output: harvesterSessionSchema,
    flags: {},
  }),
  sessionSummary: defineOperation({
    id: 'harvester.sessionSummary',
    method: 'GET',
    path: '/api/harvester/sessions/:id/summary',
    summary: 'Items and value moved per game, source and target, errors by reason, running time',
    input: sessionParam,
    output: harvesterSummarySchema,
    flags: {},
  }),
  transactions: defineOperation({
    id: 'harvester.transactions',
    method: 'POST',
    path: '/api/harvester/sessions/:id/transactions/query',
    summary: "A page of a session's transactions, filtered by status, account (source or target) and game",
    input: sessionParam.extend({
      withStatus: z.array(harvesterTransactionStatusSchema).default([]),
      /** Transactions this account is the source or the target of. */
      accountIds: z.array(idSchema).max(1000).default([]),
      sourceIds: z.array(idSchema).max(1000).default([]),
      targetIds: z.array(idSchema).max(1000).default([]),
      game: tradeGameSchema.optional(),
      pages: pagesSchema,
      sort: sortSchema(HARVESTER_TRANSACTION_SORT),
      ...listWindowFields,
    }),
    output: listOutputSchema(harvesterTransactionSchema),
    flags: {},
  }),
  restartTransactions: defineOperation({
    id: 'harvester.restartTransactions',
    method: 'POST',
    path: '/api/harvester/sessions/:id/transactions/restart',
    summary:
      'Restart errored transactions (some by id, or all errored) of a session that is not running; they run again when it is started',
    input: transactionPick,
    output: batchResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  cancelTransactions: defineOperation({
    id: 'harvester.cancelTransactions',
    method: 'POST',
    path: '/api/harvester/sessions/:id/transactions/cancel',
    summary:
      'Cancel active transactions (some by id, or all active) of a session that is not running; a sent offer not yet accepted is cancelled on Steam',
    input: transactionPick,
    output: batchResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
} as const;

/** `sessions`: a session was created, completed or removed; clients refetch the list. */
export const harvesterSessionsChangedSchema = z.object({
  sessionId: z.number().int().positive(),
  change: z.enum(['created', 'completed']),
});
/** `sessions`: a session's status, counts or plan changed (the whole row). */
export const harvesterSessionUpdatedSchema = harvesterSessionSchema;
/** `session:{id}`: one transaction moved to a step or an end. */
export const harvesterTransactionUpdatedSchema = harvesterTransactionSchema.omit({ error: true });
export type HarvesterTransactionUpdated = z.infer<typeof harvesterTransactionUpdatedSchema>;
