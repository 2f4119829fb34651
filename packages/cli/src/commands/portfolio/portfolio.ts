import {
  INVENTORY_REFRESH_MAX_HOURS,
  type PortfolioGrouping,
  type PortfolioRow,
} from '@tradedeck/sdk/contract';
import {
  type Currency,
  isCurrency,
  moneyToDecimal,
  PORTFOLIO_PRICE_SOURCES,
  type PortfolioPriceSource,
  TRADE_GAME_KEYS,
  type TradeGame,
} from '@tradedeck/sdk/domain';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, usage } from '../../kit/command-helpers.ts';
import { type ListFlags, printList } from '../../kit/lists.ts';
import { PORTFOLIO, PORTFOLIO_SCHEDULE } from './specs.ts';

interface PortfolioFlags extends ListFlags {
  by?: string;
  game?: string;
  tradable?: boolean;
  protected?: boolean;
  search?: string;
  source?: string;
  currency?: string;
}

const GROUPINGS: readonly PortfolioGrouping[] = ['item', 'account', 'flat'];

interface ScheduleFlags {
  every?: string;
  off?: boolean;
}

/** `--every`: whole hours in the range the server takes, refused here with the option's own words. */
function hoursOf(ctx: CommandContext, value: string): number {
  const hours = Number(value);
  if (!/^\d+$/.test(value.trim()) || hours < 1 || hours > INVENTORY_REFRESH_MAX_HOURS)
    usage(ctx, 'portfolioBadEvery', { value });
  return hours;
}

/** `tradedeck portfolio`: the portfolio table as plain lines, TSV when piped, `--json` for scripts. */
export function registerPortfolio(program: Command, { lang, context }: Registration): void {
  const portfolio = addCommand(program, PORTFOLIO, lang);
  addCommand(portfolio, PORTFOLIO_SCHEDULE, lang).action(
    guarded(context, async (ctx, flags: ScheduleFlags) => {
      if (flags.every !== undefined && flags.off) usage(ctx, 'portfolioEveryAndOff');
      const client = ctx.client();
      const schedule =
        flags.every !== undefined || flags.off
          ? await client.steamTrading.setRefreshSchedule({
              hours: flags.off ? null : hoursOf(ctx, flags.every!),
            })
          : await client.steamTrading.refreshSchedule({});
      ctx.print(schedule, () =>
        schedule.hours === null
          ? ctx.t('portfolioScheduleOff')
          : ctx.t('portfolioScheduleEvery', { hours: schedule.hours }),
      );
    }),
  );
  portfolio.action(
    guarded(context, async (ctx, flags: PortfolioFlags) => {
      const by = (flags.by ?? 'item') as PortfolioGrouping;
      if (!GROUPINGS.includes(by)) usage(ctx, 'portfolioBadBy', { value: flags.by ?? '' });
      if (flags.game !== undefined && !TRADE_GAME_KEYS.includes(flags.game as TradeGame))
        usage(ctx, 'portfolioBadGame', { value: flags.game, known: TRADE_GAME_KEYS.join(', ') });
      const source = (flags.source ?? 'tm') as PortfolioPriceSource;
      if (!PORTFOLIO_PRICE_SOURCES.includes(source))
        usage(ctx, 'portfolioBadSource', { value: flags.source ?? '' });
      const wanted = flags.currency?.toUpperCase();
      if (wanted !== undefined && !isCurrency(wanted))
        usage(ctx, 'portfolioBadCurrency', { value: flags.currency ?? '' });
      const client = ctx.client();
      const currency: Currency = wanted ?? (await client.settings.get()).displayedCurrency;
      await printList(
        ctx,
        {
          head: headOf(ctx, by),
          row: (row: PortfolioRow) => rowOf(ctx, row),
          fetchPage: (page, pageSize) =>
            client.portfolio.query({
              by,
              source,
              currency,
              ...(flags.game !== undefined ? { game: flags.game as TradeGame } : {}),
              ...(flags.tradable ? { tradableNow: true } : {}),
              ...(flags.protected ? { protectedOnly: true } : {}),
              ...(flags.search !== undefined ? { searchString: flags.search } : {}),
              pages: { page, pageSize },
            }),
          none: ctx.t('portfolioNone'),
          totalLine: (shown, total, page) => ctx.t('portfolioTotal', { shown, total, page }),
        },
        flags,
      );
    }),
  );
}

function headOf(ctx: CommandContext, by: PortfolioGrouping): string[] {
  const h = (key: Parameters<CommandContext['t']>[0]) => ctx.t(key);
  if (by === 'account')
    return [
      h('portfolioHeadAccount'),
      h('portfolioHeadCount'),
      h('portfolioHeadTradable'),
      h('portfolioHeadProtected'),
      h('portfolioHeadRead'),
      h('portfolioHeadError'),
    ];
  if (by === 'flat')
    return [
      h('portfolioHeadItem'),
      h('portfolioHeadGame'),
      h('portfolioHeadAccount'),
      h('portfolioHeadAsset'),
      h('portfolioHeadUntil'),
      h('portfolioHeadPrice'),
      h('portfolioHeadAge'),
    ];
  return [
    h('portfolioHeadItem'),
    h('portfolioHeadGame'),
    h('portfolioHeadCount'),
    h('portfolioHeadAccounts'),
    h('portfolioHeadTradable'),
    h('portfolioHeadProtected'),
    h('portfolioHeadPrice'),
    h('portfolioHeadValue'),
    h('portfolioHeadAge'),
  ];
}

type Valued = Extract<PortfolioRow, { kind: 'item' }>['unitValue'];

/** A price with its currency and marks ("12.340 USD stale outlier"), empty without one. */
function priceText(ctx: CommandContext, value: Valued): string {
  if (!value) return '';
  const marks = [value.stale ? ctx.t('portfolioStale') : '', value.outlier ? ctx.t('portfolioOutlier') : '']
    .filter(Boolean)
    .join(' ');
  return `${moneyToDecimal(value.price)} ${value.price.currency}${marks ? ` ${marks}` : ''}`;
}

/** An age in whole hours or minutes ("5h", "12m"). */
function ageText(value: Valued): string {
  if (!value) return '';
  return value.ageSeconds >= 3600
    ? `${Math.floor(value.ageSeconds / 3600)}h`
    : `${Math.floor(value.ageSeconds / 60)}m`;
}

function rowOf(ctx: CommandContext, row: PortfolioRow): string[] {
  switch (row.kind) {
    case 'account':
      return [
        row.login,
        String(row.count),
        String(row.tradableCount),
        String(row.protectedCount),
        row.lastScannedAt ?? '',
        row.lastError ?? '',
      ];
    case 'asset':
      return [
        row.name,
        row.game,
        row.login,
        row.assetId,
        row.protectedUntil ?? '',
        priceText(ctx, row.unitValue),
        ageText(row.unitValue),
      ];
    case 'item':
      return [
        row.name,
        row.game,
        String(row.count),
        String(row.accounts),
        String(row.tradableCount),
        String(row.protectedCount),
        priceText(ctx, row.unitValue),
        row.totalValue ? `${moneyToDecimal(row.totalValue)} ${row.totalValue.currency}` : '',
        ageText(row.unitValue),
      ];
  }
}
