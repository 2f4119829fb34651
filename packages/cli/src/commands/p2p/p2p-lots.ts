import { contract, type LotRow, type SaleRow } from '@tradedeck/sdk/contract';
import {
  CURRENCIES,
  type Currency,
  LOT_ISSUES,
  LOT_STATUSES,
  type LotIssue,
  type LotStatus,
  SELLER_PLATFORMS,
  type SellerPlatform,
} from '@tradedeck/sdk/domain';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, readTextInput, sandboxBadge, usage } from '../../kit/command-helpers.ts';
import { type ListFlags, printList } from '../../kit/lists.ts';
import { writeTextStream } from '../../kit/text-stream.ts';
import { moneyText } from './lot-money.ts';
import { knownWords } from './lot-words.ts';
import { registerP2pReprice } from './p2p-reprice.ts';
import { P2P_COMMANDS } from './specs.ts';

/** A CSV export streams for a while. */
const EXPORT_TIMEOUT_MS = 600_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `tradedeck p2p lots ls`, `p2p reprice`, `p2p sales`, `p2p prices import` under the `p2p` command. */
export function registerP2pLots(program: Command, registration: Registration): void {
  const { lang, context } = registration;
  const p2p = program.commands.find((command) => command.name() === 'p2p');
  if (!p2p) throw new Error('register the p2p command first');

  const lots = addCommand(p2p, P2P_COMMANDS.lots, lang);
  addCommand(lots, P2P_COMMANDS.lotsLs, lang).action(
    guarded(
      context,
      async (
        ctx,
        options: { status: string[]; issue: string[]; market: string[]; search?: string } & ListFlags,
      ) => {
        const withStatus = knownWords<LotStatus>(ctx, options.status, LOT_STATUSES);
        const platforms = knownWords<SellerPlatform>(ctx, options.market, SELLER_PLATFORMS);
        const withIssues = knownWords<LotIssue>(ctx, options.issue, LOT_ISSUES);
        await sandboxBadge(ctx);
        await printList(
          ctx,
          {
            head: (
              [
                'colId',
                'colItem',
                'colPlatform',
                'colAccount',
                'colPrice',
                'colMin',
                'colMax',
                'colProfile',
                'colStatus',
                'colIssues',
              ] as const
            ).map((key) => ctx.t(key)),
            row: (row: LotRow) => [
              String(row.id),
              row.marketHashName,
              row.platform,
              row.account.login,
              moneyText(ctx, row.price),
              moneyText(ctx, row.minPrice),
              moneyText(ctx, row.maxPrice),
              row.profile,
              row.status,
              row.issues.join(','),
            ],
            fetchPage: (page, pageSize) =>
              ctx.client().lots.query({
                withStatus,
                withIssues,
                platforms,
                ...(options.search !== undefined ? { searchString: options.search } : {}),
                pages: { page, pageSize },
                sort: [{ propertyName: 'id', isDescending: false }],
              }),
            none: ctx.t('lotsNone'),
            totalLine: (shown, total, page) => ctx.t('lotsTotal', { shown, total, page }),
          },
          options,
        );
      },
    ),
  );

  registerP2pReprice(p2p, registration);

  addCommand(p2p, P2P_COMMANDS.sales, lang).action(
    guarded(context, async (ctx, options: { from?: string; to?: string; csv?: boolean } & ListFlags) => {
      const period = periodOf(ctx, options.from, options.to);
      if (options.csv) {
        const response = await ctx
          .client()
          .stream(
            contract.sales.export,
            { ...period, sort: [{ propertyName: 'soldAt', isDescending: false }] },
            { timeoutMs: EXPORT_TIMEOUT_MS },
          );
        await writeTextStream(response.body ?? '', ctx.io.stdout);
        return;
      }
      await sandboxBadge(ctx);
      await printList(
        ctx,
        {
          head: (
            [
              'colSoldAt',
              'colItem',
              'colGame',
              'colPlatform',
              'colAccount',
              'colPrice',
              'colHoldUntil',
            ] as const
          ).map((key) => ctx.t(key)),
          row: (row: SaleRow) => [
            row.soldAt,
            row.marketHashName,
            row.game,
            row.platform,
            row.account.login,
            moneyText(ctx, row.price),
            row.holdReleaseAt ?? '',
          ],
          fetchPage: (page, pageSize) =>
            ctx.client().sales.query({
              ...period,
              pages: { page, pageSize },
              sort: [{ propertyName: 'soldAt', isDescending: true }],
            }),
          none: ctx.t('salesNone'),
          totalLine: (shown, total, page) => ctx.t('salesTotal', { shown, total, page }),
        },
        options,
      );
      if (ctx.io.terminal && !ctx.json) {
        const totals = await ctx.client().sales.totals(period);
        const revenue = totals.revenue.map((value) => moneyText(ctx, value)).join(' + ') || '0';
        ctx.io.stderr(`${ctx.t('salesTotals', { count: totals.count, revenue })}\n`);
      }
    }),
  );

  const prices = addCommand(p2p, P2P_COMMANDS.prices, lang);
  addCommand(prices, P2P_COMMANDS.pricesImport, lang).action(
    guarded(context, async (ctx, file: string, options: { currency?: string }) => {
      const currency = currencyOf(ctx, options.currency);
      const text = await readTextInput(ctx, file);
      if (text.trim() === '') usage(ctx, 'emptyInput', { file });
      await sandboxBadge(ctx);
      const answer = await ctx.client().priceProfile.import({ text, currency });
      const summary = ctx.t('pricesImported', { imported: answer.imported, failed: answer.failed });
      ctx.print(answer, () => summary);
      for (const line of answer.lines.filter((item) => !item.ok)) {
        ctx.io.stderr(
          `${ctx.t('priceLineFailed', { line: line.line, name: line.name, message: line.message })}\n`,
        );
      }
      if (answer.failed > 0) {
        throw new CliFailure(summary, answer.imported > 0 ? ExitCode.Partial : ExitCode.Error);
      }
    }),
  );
}

/** `--from` and `--to` as whole UTC days, `--to` included (the server's end is exclusive). */
function periodOf(ctx: CommandContext, from?: string, to?: string): { from?: string; to?: string } {
  const day = (value: string) => {
    const ms = Date.parse(`${value}T00:00:00Z`);
    if (!DAY.test(value) || Number.isNaN(ms)) usage(ctx, 'badDay', { value });
    return ms;
  };
  return {
    ...(from !== undefined ? { from: new Date(day(from)).toISOString() } : {}),
    ...(to !== undefined ? { to: new Date(day(to) + 86_400_000).toISOString() } : {}),
  };
}

function currencyOf(ctx: CommandContext, value: string | undefined): Currency {
  if (value === undefined) return ctx.lang === 'ru' ? 'RUB' : 'USD';
  const code = CURRENCIES.find((item) => item === value.trim().toUpperCase());
  if (!code) usage(ctx, 'badCurrency', { value });
  return code;
}
