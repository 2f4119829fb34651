import { z } from 'zod';
import {
  addAccountsInputSchema,
  addAccountsResultSchema,
  extractMafilesResultSchema,
  guardCodeResultSchema,
  inlineProxySchema,
  lineErrorSchema,
  steamAccountSchema,
  steamAccountStatusSchema,
  tagRefSchema,
} from '../domain/steam/schemas.ts';
import { emptyInput, idFromText, idSchema, isoDateTime } from './common.ts';
import {
  batchResultSchema,
  countersSchema,
  idParam,
  idsSchema,
  listOutputSchema,
  listWindowFields,
  pagesSchema,
  querySpecSchema,
  sortSchema,
  tagInputSchema,
  tagWithCountSchema,
} from './lists.ts';
import { BODY_LIMITS, defineOperation } from './operation.ts';
import { pacingRestSchema } from './pacing.ts';

/** An add job was queued: its id, how many rows it carries, and the hub source its events arrive on. */
export const addJobStartedSchema = z.object({
  jobId: z.string(),
  total: z.number().int().nonnegative(),
  sourceId: z.string(),
});
export type AddJobStarted = z.infer<typeof addJobStartedSchema>;

/** One sign-in of an add job ended (a row planned again after a proxy's rest may sign in twice). */
export const accountsAddProgressSchema = z.object({
  jobId: z.string(),
  login: z.string(),
  added: z.boolean(),
  /** Sign-ins ended so far (at most the job's rows) and the job's rows. */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type AccountsAddProgress = z.infer<typeof accountsAddProgressSchema>;

/**
 * An add job ended: the same answer `steamAccounts.add` gives, per row index. A job whose every attempt failed
 * ends with `failure` (why, in the user's language) and every row answered with that failure.
 */
export const accountsAddFinishedSchema = z.object({
  jobId: z.string(),
  result: addAccountsResultSchema,
  failure: z.string().nullable().default(null),
});
export type AccountsAddFinished = z.infer<typeof accountsAddFinishedSchema>;

export const STEAM_ACCOUNT_SORT_PROPERTIES = [
  'id',
  'login',
  'steamId',
  'accountStatus',
  'proxy',
  'createdAt',
  'lastLoginAt',
] as const;

/** A stored account as lists and the view dialog show it: the spec's entity plus when and how it last signed in. */
export const steamAccountRowSchema = steamAccountSchema.extend({
  createdAt: isoDateTime,
  lastLoginAt: isoDateTime.nullable(),
  /** Why the last sign-in failed (in the request's language), when the status is error. */
  lastError: z.string().nullable(),
  /**
   * The reason's code behind `lastError` (`authenticationProblem`: Steam throttles the account's sign-ins), so a
   * screen can say what to do; absent from servers that predate it.
   */
  lastErrorReason: z.string().nullable().optional(),
  /** The earliest rest of the account or its proxy after a Steam limit (docs/pacing.md); null: none; absent where not read. */
  resting: pacingRestSchema.nullable().optional(),
});
export type SteamAccountRow = z.infer<typeof steamAccountRowSchema>;

export const steamAccountFiltersSchema = z.object({
  withTagIds: z.array(idSchema).default([]),
  exceptTagIds: z.array(idSchema).default([]),
  hasProxy: z.boolean().nullable().optional(),
  searchString: z.string().trim().max(200).optional(),
  withStatus: z.array(steamAccountStatusSchema).default([]),
  exceptStatus: z.array(steamAccountStatusSchema).default([]),
});

/** Which secrets are stored for an account (never the secrets themselves). */
export const credentialsStatusSchema = z.object({
  hasPassword: z.boolean(),
  hasSharedSecret: z.boolean(),
  hasIdentitySecret: z.boolean(),
  hasRevocationCode: z.boolean(),
  hasRefreshToken: z.boolean(),
  refreshTokenExpiresAt: isoDateTime.nullable(),
});

/** One `account:proxy` line resolved against the user's accounts and proxies. */
export const accountProxyAssignmentSchema = z.object({
  line: z.number().int().positive(),
  login: z.string(),
  accountId: z.number().int().positive().nullable(),
  /** Null removes the account's proxy. */
  proxy: inlineProxySchema.nullable(),
  /** The stored proxy with this address, port and login, when there is one. */
  proxyId: z.number().int().positive().nullable(),
});

const tagParam = z.object({
  id: idFromText,
  tagId: idFromText,
});

export const steamAccounts = {
  query: defineOperation({
    id: 'steamAccounts.query',
    method: 'POST',
    path: '/api/steam-accounts/query',
    summary: "The user's Steam accounts, filtered by tags, proxy, status and text, sorted and paged",
    input: steamAccountFiltersSchema.extend({
      pages: pagesSchema,
      sort: sortSchema(STEAM_ACCOUNT_SORT_PROPERTIES),
      ...listWindowFields,
    }),
    output: listOutputSchema(steamAccountRowSchema),
    flags: {},
  }),
  counters: defineOperation({
    id: 'steamAccounts.counters',
    method: 'GET',
    path: '/api/steam-accounts/counters',
    summary: 'How many Steam accounts the user has, by status',
    input: emptyInput,
    output: countersSchema,
    flags: {},
  }),
  querySpec: defineOperation({
    id: 'steamAccounts.querySpec',
    method: 'GET',
    path: '/api/steam-accounts/query-spec',
    summary: 'Sortable properties, filters and page sizes of steamAccounts.query',
    input: emptyInput,
    output: querySpecSchema,
    flags: {},
  }),
  listTags: defineOperation({
    id: 'steamAccounts.listTags',
    method: 'GET',
    path: '/api/steam-accounts/tags',
    summary: "The user's Steam account tags with how many accounts carry each",
    input: emptyInput,
    output: z.array(tagWithCountSchema),
    flags: {},
  }),
  extractMafiles: defineOperation({
    id: 'steamAccounts.extractMafiles',
    method: 'POST',
    path: '/api/steam-accounts/extract-mafiles',
    summary:
      'Read uploaded maFiles (multipart `files`, .mafile or .zip; an SDA manifest.json with passkey decrypts encrypted ones)',
    input: z.object({
      tryExtractProxy: z.stringbool().default(true),
      passkey: z.string().max(256).optional(),
    }),
    output: extractMafilesResultSchema,
    flags: { noStore: true },
    requestBody: 'multipart',
  }),
  add: defineOperation({
    id: 'steamAccounts.add',
    method: 'POST',
    path: '/api/steam-accounts',
    summary:
      'Add accounts (single, multiple or distributed over the proxies of a tag); each is validated by signing in to Steam',
    input: addAccountsInputSchema,
    output: addAccountsResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.lines,
  }),
  addJob: defineOperation({
    id: 'steamAccounts.addJob',
    method: 'POST',
    path: '/api/steam-accounts/add-jobs',
    summary:
      'Add accounts as a background job (the way for many accounts on live Steam): answers the job id at once; progress and the result arrive on steam-trading-hub as AccountsAddProgress and AccountsAddFinished',
    input: addAccountsInputSchema,
    output: addJobStartedSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.lines,
  }),
  parseAccountsToProxies: defineOperation({
    id: 'steamAccounts.parseAccountsToProxies',
    method: 'POST',
    path: '/api/steam-accounts/parse-accounts-to-proxies',
    summary:
      'Read `account:proxy` lines and resolve them against the user’s accounts and proxies, without saving',
    input: z.object({ lines: z.string().max(8 * 1024 * 1024) }),
    output: z.object({ items: z.array(accountProxyAssignmentSchema), errors: z.array(lineErrorSchema) }),
    flags: { noStore: true },
    maxBodyBytes: BODY_LIMITS.lines,
  }),
  batchSetProxies: defineOperation({
    id: 'steamAccounts.batchSetProxies',
    method: 'POST',
    path: '/api/steam-accounts/batch/proxies',
    summary: 'Set or remove (null) the proxy of many accounts',
    input: z.object({
      accountsToProxies: z
        .array(
          z.object({
            accountId: idSchema,
            proxyId: idSchema.nullable(),
          }),
        )
        .min(1)
        .max(100_000),
    }),
    output: batchResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.lines,
  }),
  batchSetProxiesFromData: defineOperation({
    id: 'steamAccounts.batchSetProxiesFromData',
    method: 'POST',
    path: '/api/steam-accounts/batch/proxies-from-lines',
    summary:
      'Set proxies from `account:proxy` lines in one transaction; proxies not stored yet are added; an empty proxy removes it',
    input: z.object({ lines: z.string().max(8 * 1024 * 1024) }),
    output: batchResultSchema.extend({
      errors: z.array(lineErrorSchema),
      addedProxyIds: z.array(z.number().int()),
    }),
    flags: {},
    maxBodyBytes: BODY_LIMITS.lines,
  }),
  batchAddTag: defineOperation({
    id: 'steamAccounts.batchAddTag',
    method: 'POST',
    path: '/api/steam-accounts/batch/tags/add',
    summary: 'Put one tag on many accounts; id 0 creates it by name',
    input: z.object({ accountIds: idsSchema, tag: tagInputSchema }),
    output: batchResultSchema.extend({ tag: tagRefSchema }),
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  batchRemoveTag: defineOperation({
    id: 'steamAccounts.batchRemoveTag',
    method: 'POST',
    path: '/api/steam-accounts/batch/tags/remove',
    summary: 'Take one tag off many accounts',
    input: z.object({ accountIds: idsSchema, tagId: idSchema }),
    output: batchResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  batchRemove: defineOperation({
    id: 'steamAccounts.batchRemove',
    method: 'POST',
    path: '/api/steam-accounts/batch/remove',
    summary: 'Delete many accounts with their stored secrets',
    input: z.object({ accountIds: idsSchema }),
    output: batchResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  get: defineOperation({
    id: 'steamAccounts.get',
    method: 'GET',
    path: '/api/steam-accounts/:id',
    summary: 'One Steam account with its proxy, tags and status',
    input: idParam,
    output: steamAccountRowSchema,
    flags: {},
  }),
  remove: defineOperation({
    id: 'steamAccounts.remove',
    method: 'DELETE',
    path: '/api/steam-accounts/:id',
    summary: 'Delete a Steam account with its stored secrets',
    input: idParam,
    output: z.object({ id: z.number().int() }),
    flags: {},
  }),
  setProxy: defineOperation({
    id: 'steamAccounts.setProxy',
    method: 'PUT',
    path: '/api/steam-accounts/:id/proxy',
    summary: 'Set the proxy of an account, or remove it with null',
    input: idParam.extend({ proxyId: idSchema.nullable() }),
    output: steamAccountRowSchema,
    flags: {},
  }),
  updatePassword: defineOperation({
    id: 'steamAccounts.updatePassword',
    method: 'PUT',
    path: '/api/steam-accounts/:id/password',
    summary: 'Replace the stored Steam password of an account (stored encrypted, never returned)',
    input: idParam.extend({ password: z.string().min(1).max(256) }),
    output: steamAccountRowSchema,
    flags: { stepUp: 'secrets' },
  }),
  credentialsStatus: defineOperation({
    id: 'steamAccounts.credentialsStatus',
    method: 'GET',
    path: '/api/steam-accounts/:id/credentials',
    summary: 'Which secrets are stored for an account',
    input: idParam,
    output: credentialsStatusSchema,
    flags: { noStore: true },
  }),
  updateCredentials: defineOperation({
    id: 'steamAccounts.updateCredentials',
    method: 'PUT',
    path: '/api/steam-accounts/:id/credentials',
    summary: 'Replace the maFile (and optionally the password) of an account; its login must match',
    input: idParam.extend({
      mafile: z
        .string()
        .min(2)
        .max(1024 * 1024),
      password: z.string().min(1).max(256).optional(),
    }),
    output: credentialsStatusSchema,
    flags: { stepUp: 'secrets' },
    maxBodyBytes: BODY_LIMITS.mafile,
  }),
  addTag: defineOperation({
    id: 'steamAccounts.addTag',
    method: 'POST',
    path: '/api/steam-accounts/:id/tags',
    summary: 'Put a tag on an account; id 0 creates the tag by name (or reuses the tag of that name)',
    input: idParam.extend({ tag: tagInputSchema }),
    output: z.array(tagRefSchema),
    flags: {},
  }),
  removeTag: defineOperation({
    id: 'steamAccounts.removeTag',
    method: 'DELETE',
    path: '/api/steam-accounts/:id/tags/:tagId',
    summary: 'Take a tag off an account',
    input: tagParam,
    output: z.array(tagRefSchema),
    flags: {},
  }),
  guardCode: defineOperation({
    id: 'steamAccounts.guardCode',
    method: 'POST',
    path: '/api/steam-accounts/:id/guard-code',
    summary: 'The current Steam Guard code of an account and its remaining seconds (rate-limited and logged)',
    input: idParam,
    output: guardCodeResultSchema,
    flags: { noStore: true, stepUp: 'secrets', stepUpWaiver: 'fewGuardCodes' },
  }),
  guardCodeByLogin: defineOperation({
    id: 'steamAccounts.guardCodeByLogin',
    method: 'POST',
    path: '/api/steam-accounts/guard-code',
    summary: 'The Steam Guard code of the account with this login (any case): guardCode in one request',
    input: z.object({ login: z.string().trim().min(1).max(64) }),
    output: guardCodeResultSchema,
    flags: { noStore: true, stepUp: 'secrets', stepUpWaiver: 'fewGuardCodes' },
  }),
} as const;
