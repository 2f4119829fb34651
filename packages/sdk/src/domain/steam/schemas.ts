/**
 * Wire shapes of Steam accounts (docs/product-shell.md §3): the entity, the add payload and the add result,
 * plus what maFile extraction and guard-code answers carry. SteamIDs are decimal strings, never JSON numbers.
 */
import { z } from 'zod';
import { MAX_STORED_ID, PROXY_PORT_MAX, PROXY_PORT_MIN } from '../constants.ts';
import { GUARD_CODE_ALPHABET, GUARD_CODE_LENGTH, GUARD_CODE_PERIOD_S } from './guard-code.ts';
import {
  ADD_ACCOUNT_REASONS,
  LINE_FAILURE_REASONS,
  MAFILE_FAILURE_REASONS,
  MAFILE_WARNINGS,
} from './messages.ts';
import { MAX_MAFILE_BYTES } from './read-mafile.ts';

export const steamIdSchema = z.string().regex(/^\d{17}$/, 'SteamID64 as 17 decimal digits');

/** accountStatus: 0 idle, 1 active, 2 error. */
export const STEAM_ACCOUNT_STATUSES = { idle: 0, active: 1, error: 2 } as const;
export const steamAccountStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SteamAccountStatus = z.infer<typeof steamAccountStatusSchema>;

export const ADD_MODES = ['single', 'multiple', 'distribute'] as const;
export const addModeSchema = z.enum(ADD_MODES);
export type AddMode = z.infer<typeof addModeSchema>;

export const tagRefSchema = z.object({ id: z.number().int().nonnegative(), name: z.string().min(1).max(64) });

/** Money: an integer count of minor units plus a currency code. */
export const balanceSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  amount: z.number().int(),
});

export const steamAccountSchema = z.object({
  id: z.number().int().positive(),
  login: z.string().min(1),
  steamId: steamIdSchema.nullable(),
  avatarUri: z.string().nullable(),
  proxyId: z.number().int().positive().nullable(),
  proxy: z.object({ address: z.string(), port: z.number().int() }).nullable(),
  tags: z.array(tagRefSchema),
  balances: z.array(balanceSchema),
  accountStatus: steamAccountStatusSchema,
});
export type SteamAccount = z.infer<typeof steamAccountSchema>;

export const proxyProtocolNameSchema = z.enum(['http', 'https', 'socks4', 'socks5']);

/** A proxy given inline instead of by id (from a text line or a NebulaAuth maFile). */
export const inlineProxySchema = z.object({
  protocol: proxyProtocolNameSchema.nullable(),
  address: z.string().min(1).max(253),
  port: z.number().int().min(PROXY_PORT_MIN).max(PROXY_PORT_MAX),
  username: z.string().max(256).nullable(),
  password: z.string().max(256).nullable(),
});
export type InlineProxy = z.infer<typeof inlineProxySchema>;

export const addAccountItemSchema = z.object({
  login: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(256),
  /** The maFile's JSON text. */
  mafile: z.string().min(2).max(MAX_MAFILE_BYTES),
  proxyId: z.number().int().positive().max(MAX_STORED_ID).nullable().optional(),
  proxyData: inlineProxySchema.nullable().optional(),
});
export type AddAccountItem = z.infer<typeof addAccountItemSchema>;

const indexKey = z.string().regex(/^\d+$/);

export const distributeOptionsSchema = z.object({
  proxyTagId: z.number().int().positive().max(MAX_STORED_ID),
  maxAccountsPerProxy: z.number().int().min(1).max(1000),
});

export const addAccountsInputSchema = z
  .object({
    mode: addModeSchema.default('multiple'),
    /** Keyed by the row index the client uses to match errors back. */
    accounts: z.record(indexKey, addAccountItemSchema),
    distribute: distributeOptionsSchema.optional(),
  })
  .refine((input) => Object.keys(input.accounts).length > 0, {
    message: 'importAtLeastOne',
    path: ['accounts'],
  })
  .refine((input) => input.mode !== 'distribute' || input.distribute !== undefined, {
    message: 'distribute options are required in distribute mode',
    path: ['distribute'],
  })
  .refine((input) => input.mode !== 'single' || Object.keys(input.accounts).length === 1, {
    message: 'single mode adds exactly one account',
    path: ['accounts'],
  });
export type AddAccountsInput = z.input<typeof addAccountsInputSchema>;

export const addAccountReasonSchema = z.enum(ADD_ACCOUNT_REASONS);

export const addAccountErrorSchema = z.object({
  reason: addAccountReasonSchema,
  /** The reason in the request's language. */
  message: z.string(),
});

export const addAccountsResultSchema = z.object({
  addedAccounts: z.array(steamAccountSchema),
  /**
   * Row indexes that repeat an account already stored with the same password and maFile: success, nothing
   * changed (an import cut short and run again finishes cleanly).
   */
  unchanged: z.array(indexKey).default([]),
  errors: z.record(indexKey, addAccountErrorSchema),
});
export type AddAccountsResult = z.infer<typeof addAccountsResultSchema>;

export const mafileVariantSchema = z.enum([
  'sda',
  'sdaLegacy',
  'asf',
  'steamApp',
  'steamguardCli',
  'nebula',
  'minimal',
]);

/** One readable maFile as `extractMafiles` reports it (secrets stay inside the `mafile` text). */
export const extractedMafileSchema = z.object({
  fileName: z.string(),
  login: z.string().nullable(),
  steamId: steamIdSchema.nullable(),
  variant: mafileVariantSchema,
  hasIdentitySecret: z.boolean(),
  hasSession: z.boolean(),
  warnings: z.array(z.enum(MAFILE_WARNINGS)),
  proxy: inlineProxySchema.nullable(),
  mafile: z.string(),
});

export const invalidMafileSchema = z.object({
  fileName: z.string(),
  reason: z.enum(MAFILE_FAILURE_REASONS),
  message: z.string(),
});

export const extractMafilesResultSchema = z.object({
  extractedData: z.array(extractedMafileSchema),
  invalidMafiles: z.array(invalidMafileSchema),
});
export type ExtractMafilesResultWire = z.infer<typeof extractMafilesResultSchema>;

export const lineErrorSchema = z.object({
  line: z.number().int().positive(),
  account: z.string().nullable(),
  reason: z.enum(LINE_FAILURE_REASONS),
  message: z.string(),
});

export const guardCodeResultSchema = z.object({
  code: z.string().regex(new RegExp(`^[${GUARD_CODE_ALPHABET}]{${GUARD_CODE_LENGTH}}$`)),
  remainingSeconds: z.number().int().min(1).max(GUARD_CODE_PERIOD_S),
});
export type GuardCodeResult = z.infer<typeof guardCodeResultSchema>;
