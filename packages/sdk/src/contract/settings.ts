import { z } from 'zod';
import { currencySchema } from '../domain/money/money-schema.ts';
import { emptyInput } from './common.ts';
import { defineOperation } from './operation.ts';

export type { Currency } from '../domain/money/money.ts';
export { currencySchema } from '../domain/money/money-schema.ts';

/** The user's global settings (docs/product-shell.md §3). */
export const globalSettingsSchema = z.object({
  displayedCurrency: currencySchema,
  tmPreferredCurrency: currencySchema,
});
export type GlobalSettings = z.infer<typeof globalSettingsSchema>;

/**
 * The settings as read: `chosen` is false until the user saves their currencies; till then both follow the
 * user's language (English USD, Russian RUB), and a panel in the other language shows its own default.
 */
export const globalSettingsOutputSchema = globalSettingsSchema.extend({ chosen: z.boolean() });
export type GlobalSettingsOutput = z.infer<typeof globalSettingsOutputSchema>;

export const settings = {
  get: defineOperation({
    id: 'settings.get',
    method: 'GET',
    path: '/api/settings',
    summary: "The user's displayed currency and marketplace preferred currency",
    input: emptyInput,
    output: globalSettingsOutputSchema,
    flags: {},
  }),
  update: defineOperation({
    id: 'settings.update',
    method: 'PUT',
    path: '/api/settings',
    summary: "Change the user's displayed currency and marketplace preferred currency",
    input: globalSettingsSchema,
    output: globalSettingsOutputSchema,
    flags: {},
  }),
} as const;
