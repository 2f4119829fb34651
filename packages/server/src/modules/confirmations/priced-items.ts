import type { ConfirmationItem } from '@tradedeck/sdk/contract';
import type { Currency, ItemValuation, Money, TradeGame } from '@tradedeck/sdk/domain';
import type { ConfirmationsDeps } from './deps.ts';
import type { ItemValuing, PendingConfirmation } from './types.ts';

/** The items one confirmation gives away, priced, and their values added up. */
export interface PricedConfirmation {
  pricedItems: ConfirmationItem[];
  value: Money | null;
}

const assetKey = (appId: number, contextId: string, assetId: string) => `${appId}:${contextId}:${assetId}`;

/**
 * Prices the items of the account's own trade confirmations: Steam's list gives only summary lines, so the items
 * come from the offer's intent (the asset ids it gave) and the inventory cache (what each asset is), and their
 * values from the portfolio's price source. A confirmation Tradedeck did not create is not priced.
 */
export async function priceOwnTrades(
  deps: Pick<ConfirmationsDeps, 'trading' | 'prices'>,
  userId: string,
  accountId: number,
  items: readonly PendingConfirmation[],
  valuing: ItemValuing,
): Promise<Map<string, PricedConfirmation>> {
  const own = items.filter((item) => item.ours && item.kind === 'trade');
  const priced = new Map<string, PricedConfirmation>();
  if (own.length === 0) return priced;
  const given = await deps.trading.ownOfferAssets(
    userId,
    accountId,
    own.map((item) => item.creatorId),
  );
  if (![...given.values()].some((assets) => assets.length > 0)) return priced;
  const cached = new Map(
    (await deps.trading.cachedItems(userId, accountId)).map((item) => [
      assetKey(item.appId, item.contextId, item.assetId),
      item,
    ]),
  );
  const lines = own.flatMap((item) =>
    (given.get(item.creatorId) ?? []).map((asset) => ({
      confirmationId: item.id,
      asset,
      known: cached.get(assetKey(asset.appId, asset.contextId, asset.assetId)) ?? null,
    })),
  );
  const known = lines.filter((line) => line.known !== null);
  const values = await deps.prices(
    userId,
    known.map((line) => ({ game: line.known!.game, marketHashName: line.known!.marketHashName })),
    valuing,
  );
  const valued = new Map(known.map((line, i) => [line, values[i] ?? null]));
  for (const line of lines) {
    const value = valued.get(line) ?? null;
    const entry = priced.get(line.confirmationId) ?? { pricedItems: [], value: null };
    entry.pricedItems.push({
      assetId: line.asset.assetId,
      amount: line.asset.amount,
      game: (line.known?.game as TradeGame | undefined) ?? null,
      marketHashName: line.known?.marketHashName ?? null,
      name: line.known?.name ?? null,
      value,
    });
    entry.value = addValue(entry.value, value, line.asset.amount, valuing.currency);
    priced.set(line.confirmationId, entry);
  }
  return priced;
}

/** Adds an item's counted value in the chosen currency; one without it (no price, no rate, an outlier) is left out. */
function addValue(total: Money | null, value: ItemValuation | null, amount: number, currency: Currency) {
  if (!value?.counted || value.price.currency !== currency) return total;
  return { currency, amount: (total?.amount ?? 0) + value.price.amount * amount };
}
