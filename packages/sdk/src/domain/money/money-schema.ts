import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';

// Apart from money.ts, so that code which only formats and parses money loads no zod.
export const currencySchema = z.enum(CURRENCIES);

export const moneySchema = z.object({
  currency: currencySchema,
  amount: z.number().int(),
});
