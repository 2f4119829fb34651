import type { AccountOffer, InventoryScan } from '@tradedeck/sdk/contract';
import {
  formatMoney,
  type InventoryItem,
  type Money,
  offerStateName,
  TRADE_GAME_KEYS,
  type TradeGame,
} from '@tradedeck/sdk/domain';
import type { CommandContext } from '../../context.ts';
import { usage } from '../../kit/command-helpers.ts';
import { renderTable } from '../../table.ts';
import type { MessageKey } from '../../texts/message.ts';

/** What `accounts inventory|offers` print, loaded when one of them runs (the money and trading rules are large). */

export function gameOption(ctx: CommandContext, value: string | undefined): TradeGame | undefined {
  if (value === undefined) return undefined;
  const game = TRADE_GAME_KEYS.find((key) => key === value.trim().toLowerCase());
  if (!game) usage(ctx, 'badGame', { value });
  return game;
}

const locale = (ctx: CommandContext) => (ctx.lang === 'ru' ? 'ru-RU' : 'en-US');
const date = (ctx: CommandContext, iso: string) =>
  new Date(iso).toLocaleString(locale(ctx), { dateStyle: 'short', timeStyle: 'short' });

const SCAN_STATE: Record<InventoryScan['state'], MessageKey> = {
  listed: 'scanStateListed',
  empty: 'scanStateEmpty',
  private: 'scanStatePrivate',
  failed: 'scanStateFailed',
};

export function inventoryText(
  ctx: CommandContext,
  scans: InventoryScan[],
  value: Money[],
  items: InventoryItem[],
): string {
  if (scans.length === 0) return ctx.t('inventoryNeverScanned');
  const lines = scans.map((scan) =>
    ctx.t('inventoryScan', {
      game: scan.game,
      state: ctx.t(SCAN_STATE[scan.state]),
      items: scan.itemCount,
      when: scan.scannedAt ? date(ctx, scan.scannedAt) : ctx.t('never'),
      error: scan.error ? ` (${scan.error})` : '',
    }),
  );
  if (value.length > 0) {
    lines.push(ctx.t('inventoryValue', { value: value.map((v) => formatMoney(v, locale(ctx))).join(', ') }));
  }
  if (items.length === 0) return [...lines, ctx.t('inventoryNone')].join('\n');
  const head = [
    ctx.t('colGame'),
    ctx.t('colItem'),
    ctx.t('colExterior'),
    ctx.t('colTradable'),
    ctx.t('colPrice'),
  ];
  const rows = items.map((item) => [
    item.game,
    item.name,
    item.exterior ?? '',
    item.tradable
      ? ctx.t('yes')
      : item.protectedUntil
        ? ctx.t('protectedUntil', { date: date(ctx, item.protectedUntil) })
        : item.tradableAfter
          ? ctx.t('lockedUntil', { date: date(ctx, item.tradableAfter) })
          : ctx.t('no'),
    item.referencePrice ? formatMoney(item.referencePrice, locale(ctx)) : '',
  ]);
  return [...lines, '', renderTable(head, rows, Boolean(ctx.io.terminal))].join('\n');
}

export function offersText(ctx: CommandContext, offers: AccountOffer[]): string {
  if (offers.length === 0) return ctx.t('offersNone');
  const head = [
    ctx.t('colOffer'),
    ctx.t('colDirection'),
    ctx.t('colPartner'),
    ctx.t('colState'),
    ctx.t('colItems'),
    ctx.t('colUpdated'),
    ctx.t('colReference'),
  ];
  const rows = offers.map((offer) => [
    offer.id,
    ctx.t(offer.isOurOffer ? 'directionSent' : 'directionReceived'),
    offer.partnerSteamId,
    offerStateName(offer.state),
    `${offer.itemsToGive.length} / ${offer.itemsToReceive.length}`,
    date(ctx, offer.updatedAt),
    offer.reference ?? '',
  ]);
  return renderTable(head, rows, Boolean(ctx.io.terminal));
}
