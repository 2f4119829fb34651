import { type Currency, isCurrency } from '@tradedeck/sdk/domain';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { failureFromError } from '../../failures.ts';
import { addCommand } from '../../kit/add-command.ts';
import { CURRENCIES_COMMANDS, SETTINGS } from './specs.ts';

const FIELDS = { displayed: 'displayedCurrency', tm: 'tmPreferredCurrency' } as const;

/**
 * `tradedeck settings`: the account's currencies kept on the server (displayed and TM preferred), and
 * `tradedeck rates`: the rates amounts are converted with, with their age. Until the user chooses, both
 * currencies follow the account's language (English USD, Russian RUB).
 */
export function registerCurrencies(program: Command, { lang, context }: Registration): void {
  const settings = addCommand(program, SETTINGS, lang);
  addCommand(settings, CURRENCIES_COMMANDS.get, lang).action(async () => {
    const ctx = context();
    try {
      const answer = await ctx.client().settings.get();
      ctx.print(answer, () => lines(ctx, answer));
    } catch (error) {
      throw failureFromError(ctx, error);
    }
  });
  addCommand(settings, CURRENCIES_COMMANDS.set, lang).action(async (field: string, value: string) => {
    const ctx = context();
    const key = FIELDS[field as keyof typeof FIELDS];
    if (!key) throw new CliFailure(ctx.t('settingsBadField', { field }), ExitCode.Usage);
    const currency = value.toUpperCase();
    if (!isCurrency(currency)) throw new CliFailure(ctx.t('settingsBadCurrency', { value }), ExitCode.Usage);
    try {
      const client = ctx.client();
      const current = await client.settings.get();
      const next = { ...current, [key]: currency as Currency };
      const saved = await client.settings.update({
        displayedCurrency: next.displayedCurrency,
        tmPreferredCurrency: next.tmPreferredCurrency,
      });
      ctx.print(saved, () => lines(ctx, saved));
    } catch (error) {
      throw failureFromError(ctx, error);
    }
  });

  addCommand(program, CURRENCIES_COMMANDS.rates, lang).action(async () => {
    const ctx = context();
    try {
      const answer = await ctx.client().rates.get();
      ctx.print(answer, () =>
        answer.unreachable
          ? (answer.message ?? '')
          : [
              ctx.t('ratesHeader', {
                source: answer.source,
                age: answer.ageSeconds ?? 0,
                stale: answer.stale ? ' (!)' : '',
              }),
              ...answer.rates.map(
                (rate) => `${rate.from}/${rate.to}\t${rate.rate}\t${rate.asOf.slice(0, 10)}`,
              ),
            ].join('\n'),
      );
    } catch (error) {
      throw failureFromError(ctx, error);
    }
  });
}

function lines(
  ctx: CommandContext,
  answer: { displayedCurrency: Currency; tmPreferredCurrency: Currency; chosen: boolean },
): string {
  const note = answer.chosen ? '' : ` ${ctx.t('settingsDefault')}`;
  return [`displayed=${answer.displayedCurrency}${note}`, `tm=${answer.tmPreferredCurrency}${note}`].join(
    '\n',
  );
}
