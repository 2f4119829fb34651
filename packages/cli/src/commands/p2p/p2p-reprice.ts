import type { LotSelection, RepriceItem, RepriceSummary } from '@tradedeck/sdk/contract';
import {
  CURRENCIES,
  type Currency,
  lotGroupKey,
  type PriceStrategy,
  parseMoney,
  SELLER_PLATFORMS,
  type SellerPlatform,
  SINGLE_PRICE_PICKS,
  TRADING_PROFILES,
  type TradingProfile,
} from '@tradedeck/sdk/domain';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, parseIds, sandboxBadge, usage } from '../../kit/command-helpers.ts';
import { confirmDestructive } from '../../kit/confirm.ts';
import { settleBatch } from '../../kit/outcome.ts';
import { renderTable } from '../../table.ts';
import { moneyText } from './lot-money.ts';
import { knownWords } from './lot-words.ts';
import { P2P_COMMANDS } from './specs.ts';

/** Per-lot lines printed; the summary counts every lot. */
const ITEMS_LIMIT = 1_000;

interface RepriceFlags {
  strategy?: string;
  profile?: string;
  preview?: boolean;
  apply?: boolean;
  ids?: string;
  group: string[];
  market: string[];
  currency?: string;
  yes?: boolean;
}

/** "97.5" -> 9750 basis points; null when it is not a percentage with at most two decimals. */
export function percentToBp(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim().replace(',', '.'));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** `fixed:10-20`, `custom:95-105`, `provider:95-105`, `thresholds:90-110`, `single:median`. */
export function parseStrategy(text: string, currency: Currency): PriceStrategy | null {
  const [kind = '', rest = ''] = text.trim().split(/:(.*)/s);
  if (kind === 'single') {
    const pick = SINGLE_PRICE_PICKS.find((item) => item === rest);
    return pick ? { kind: 'singlePrice', pick } : null;
  }
  const [lowText = '', highText = ''] = rest.split('-');
  if (kind === 'fixed') {
    const low = parseMoney(lowText, currency);
    const high = parseMoney(highText, currency);
    return low && high && low.amount <= high.amount ? { kind: 'fixedRange', low, high } : null;
  }
  const kinds = {
    custom: 'percentOfCustomPrice',
    provider: 'percentOfProviderPrice',
    thresholds: 'percentOfThresholds',
  } as const;
  const percentKind = kinds[kind as keyof typeof kinds];
  const lowBp = percentToBp(lowText);
  const highBp = percentToBp(highText);
  if (!percentKind || lowBp === null || highBp === null || lowBp > highBp) return null;
  return { kind: percentKind, lowBp, highBp };
}

function itemRows(ctx: CommandContext, items: readonly RepriceItem[]): string {
  return renderTable(
    (['colId', 'colItem', 'colAccount', 'colPrice', 'colNewPrice', 'colOutcome', 'colReason'] as const).map(
      (key) => ctx.t(key),
    ),
    items.map((item) => [
      String(item.lotId),
      item.name,
      item.account.login,
      moneyText(ctx, item.price),
      moneyText(ctx, item.newPrice),
      item.outcome,
      item.message,
    ]),
    Boolean(ctx.io.terminal),
  );
}

const totalOf = (summary: RepriceSummary) =>
  summary.changed + summary.unchanged + summary.unavailable + summary.failed;

/**
 * `tradedeck p2p reprice`: preview (the default) or apply a strategy and profile on the lots on sale, or on the
 * given ids or items. Apply asks first on a terminal (`--yes` for scripts), waits for the job and ends with exit 3
 * when some lots failed and others were repriced.
 */
export function registerP2pReprice(p2p: Command, registration: Registration): void {
  const { lang, context } = registration;
  addCommand(p2p, P2P_COMMANDS.reprice, lang).action(
    guarded(context, async (ctx, flags: RepriceFlags) => {
      if (flags.preview && flags.apply) usage(ctx, 'previewAndApply');
      const currency =
        CURRENCIES.find((code) => code === flags.currency?.toUpperCase()) ??
        (ctx.lang === 'ru' ? 'RUB' : 'USD');
      const strategy = flags.strategy === undefined ? undefined : parseStrategy(flags.strategy, currency);
      if (strategy === null) usage(ctx, 'badStrategy', { value: flags.strategy });
      const profile =
        flags.profile === undefined ? undefined : TRADING_PROFILES.find((p) => p === flags.profile);
      if (flags.profile !== undefined && !profile) usage(ctx, 'badProfile', { value: flags.profile });
      const platforms = knownWords<SellerPlatform>(ctx, flags.market, SELLER_PLATFORMS);
      const picked = flags.ids !== undefined || flags.group.length > 0;
      if (picked && platforms.length > 0) usage(ctx, 'marketWithIds');
      const selection: LotSelection = picked
        ? {
            ...(flags.ids !== undefined ? { ids: parseIds(ctx, [flags.ids]) } : {}),
            ...(flags.group.length > 0
              ? { groupKeys: flags.group.map((name) => lotGroupKey('cs2', name)) }
              : {}),
          }
        : {
            filters: {
              withStatus: ['on_sale'],
              ...(platforms.length > 0 ? { platforms } : {}),
            } as LotSelection['filters'],
          };
      const input = {
        selection,
        ...(strategy ? { strategy } : {}),
        ...(profile ? { profile: profile as TradingProfile } : {}),
        itemsLimit: ITEMS_LIMIT,
      };
      await sandboxBadge(ctx);
      const client = ctx.client();
      const preview = await client.lots.repricePreview(input);
      const counts = { ...preview.summary, total: preview.total };
      if (!flags.apply) {
        ctx.print(preview, () => `${itemRows(ctx, preview.items)}\n${ctx.t('repriceSummary', counts)}`);
        return;
      }
      const changing = preview.items.filter((item) => item.outcome === 'changed');
      await confirmDestructive(ctx, {
        yes: flags.yes,
        action: ctx.t('repriceAction', { count: preview.summary.changed }),
        items: changing.map(
          (item) =>
            `${item.name} (${item.account.login}): ${moneyText(ctx, item.price)} → ${moneyText(ctx, item.newPrice)}`,
        ),
      });
      const job = await client.lots.repriceApply({ ...input, wait: true });
      const summary = ctx.t('repriceApplied', { ...job.summary, total: totalOf(job.summary) });
      ctx.print(job, () => `${itemRows(ctx, job.items)}\n${summary}`);
      for (const item of job.items.filter((line) => line.outcome === 'failed')) {
        ctx.io.stderr(`${ctx.t('removeFailed', { id: item.lotId, message: item.message })}\n`);
      }
      settleBatch(summary, { done: job.summary.changed, failed: job.summary.failed });
    }),
  );
}
