import { formatMoney, type Money } from '@tradedeck/sdk/domain';
import type { CommandContext } from '../../context.ts';

/** An amount in the CLI's language, empty when there is none. */
export const moneyText = (ctx: CommandContext, value: Money | null) =>
  value ? formatMoney(value, ctx.lang === 'ru' ? 'ru-RU' : 'en-US') : '';
