import { COST_METHOD_VALUES, contract, LEDGER_GROUPS, type ProfitOutput } from '@tradedeck/sdk/contract';
import { CURRENCIES, type Currency, moneyToDecimal } from '@tradedeck/sdk/domain';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, readTextInput, usage } from '../../kit/command-helpers.ts';
import { writeTextStream } from '../../kit/text-stream.ts';
import { LEDGER, LEDGER_COMMANDS } from './specs.ts';
import './texts.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const EXPORT_TIMEOUT_MS = 10 * 60_000;

interface LedgerOptions {
  from?: string;
  to?: string;
  by?: string;
  method?: string;
  currency?: string;
  csv?: boolean;
  entries?: boolean;
}

/**
 * `tradedeck ledger [--from --to] [--by item|account|day] [--json|--csv]`: profit from the ledger (docs/ledger.md);
 * `ledger holds`, `ledger import FILE --currency USD`, `ledger reconcile`.
 */
export function registerLedger(program: Command, { lang, context }: Registration): void {
  const ledger = addCommand(program, LEDGER, lang);
  ledger.action(
    guarded(context, async (ctx, options: LedgerOptions) => {
      const input = {
        ...periodOf(ctx, options.from, options.to),
        by: oneOf(ctx, options.by ?? 'day', LEDGER_GROUPS, 'ledgerBadBy'),
        method: oneOf(ctx, options.method ?? 'fifo', COST_METHOD_VALUES, 'ledgerBadMethod'),
        ...(options.currency ? { currency: currencyOf(ctx, options.currency) } : {}),
      };
      if (options.csv) {
        const response = await ctx
          .client()
          .stream(
            contract.ledger.export,
            { ...input, what: options.entries ? 'entries' : 'profit' },
            { timeoutMs: EXPORT_TIMEOUT_MS },
          );
        await writeTextStream(response.body ?? '', ctx.io.stdout);
        return;
      }
      const report = await ctx.client().ledger.profit(input);
      ctx.print(report, () => profitText(ctx, report));
    }),
  );

  addCommand(ledger, LEDGER_COMMANDS.holds, lang).action(
    guarded(context, async (ctx) => {
      const holds = await ctx.client().ledger.holds({});
      ctx.print(holds, () =>
        [
          ...holds.accounts.map(
            (a) => `${a.login}\t${a.held.map(moneyToDecimal).join(' + ')}\t${a.nextReleaseAt ?? ''}`,
          ),
          '',
          ...holds.days.map((d) => `${d.day}\t${moneyToDecimal(d.displayed)} ${holds.currency}`),
        ].join('\n'),
      );
    }),
  );

  addCommand(ledger, LEDGER_COMMANDS.import, lang).action(
    guarded(context, async (ctx, file: string, currency: string) => {
      const text = await readTextInput(ctx, file);
      const answer = await ctx.client().ledger.importPurchases({ text, currency: currencyOf(ctx, currency) });
      ctx.print(answer, () =>
        [
          ctx.t('ledgerImported', {
            imported: answer.imported,
            failed: answer.failed,
            costed: answer.costed,
          }),
          ...answer.lines.filter((l) => !l.ok).map((l) => `${l.line}\t${l.name}\t${l.message}`),
        ].join('\n'),
      );
    }),
  );

  addCommand(ledger, LEDGER_COMMANDS.reconcile, lang).action(
    guarded(context, async (ctx) => {
      const answer = await ctx.client().ledger.reconcile({});
      ctx.print(answer, () =>
        answer.accounts
          .map(
            (a) =>
              `${a.login}\t${a.status}\t${moneyToDecimal(a.gap)} ${a.currency}${a.explanations
                .map((e) => `\t${e.kind} ${e.reference} ${moneyToDecimal(e.amount)}`)
                .join('')}`,
          )
          .join('\n'),
      );
    }),
  );
}

function profitText(ctx: CommandContext, report: ProfitOutput): string {
  const head = (
    [
      'ledgerColKey',
      'ledgerColRevenue',
      'ledgerColCost',
      'ledgerColFees',
      'ledgerColProfit',
      'ledgerColRealised',
      'ledgerColPending',
    ] as const
  ).map((key) => ctx.t(key));
  const line = (row: ProfitOutput['total'], key: string) =>
    [key, row.revenue, row.cost, row.fees, row.profit, row.realised, row.pending]
      .map((cell) => (typeof cell === 'string' ? cell : moneyToDecimal(cell)))
      .join('\t');
  return [
    `${head.join('\t')}\t(${report.currency}, ${report.method})`,
    ...report.rows.map((row) => line(row, row.key)),
    line(report.total, ctx.t('ledgerTotal')),
    ...(report.uncosted > 0 ? [ctx.t('ledgerUncosted', { count: report.uncosted })] : []),
  ].join('\n');
}

function oneOf<const T extends string>(
  ctx: CommandContext,
  value: string,
  allowed: readonly T[],
  error: 'ledgerBadBy' | 'ledgerBadMethod',
): T {
  const found = allowed.find((item) => item === value.trim().toLowerCase());
  if (!found) usage(ctx, error, { value });
  return found;
}

function periodOf(ctx: CommandContext, from?: string, to?: string): { from?: string; to?: string } {
  const day = (value: string) => {
    const ms = Date.parse(`${value}T00:00:00Z`);
    if (!DAY.test(value) || Number.isNaN(ms)) usage(ctx, 'ledgerBadDay', { value });
    return ms;
  };
  return {
    ...(from !== undefined ? { from: new Date(day(from)).toISOString() } : {}),
    ...(to !== undefined ? { to: new Date(day(to) + 86_400_000).toISOString() } : {}),
  };
}

function currencyOf(ctx: CommandContext, value: string): Currency {
  const code = CURRENCIES.find((item) => item === value.trim().toUpperCase());
  if (!code) usage(ctx, 'badCurrency', { value });
  return code;
}
