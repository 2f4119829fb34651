import { type Currency, isCurrency, type SourcePrice } from '@tradedeck/sdk/domain';
import type { StoredProviderPrice } from '../../db/schema.ts';
import type { NamePrices } from './types.ts';

const at = (text: string) => new Date(text).toISOString();

/**
 * Each source's price of one item, from what the price profile and the inventory cache stored: the custom price,
 * TM's price (the provider price the lots area records from TM's bulk prices; the one in `to` when it has several)
 * and the Steam market's reference as the latest scan saw it.
 */
export function sourcePricesOf(row: NamePrices, to: Currency): SourcePrice[] {
  const prices: SourcePrice[] = [];
  if (row.custom_amount !== null && isCurrency(row.custom_currency) && row.custom_at)
    prices.push({
      source: 'custom',
      price: { currency: row.custom_currency, amount: Number(row.custom_amount) },
      observedAt: at(row.custom_at),
    });
  const providers: StoredProviderPrice[] =
    typeof row.providers === 'string' ? JSON.parse(row.providers) : (row.providers ?? []);
  const tm = providers.filter((entry) => entry.source === 'provider' && isCurrency(entry.currency));
  const picked = tm.find((entry) => entry.currency === to) ?? tm[0];
  if (picked && isCurrency(picked.currency))
    prices.push({
      source: 'tm',
      price: { currency: picked.currency, amount: picked.amount },
      observedAt: at(picked.observedAt),
    });
  if (row.steam_amount !== null && isCurrency(row.steam_currency) && row.steam_at)
    prices.push({
      source: 'steam',
      price: { currency: row.steam_currency, amount: Number(row.steam_amount) },
      observedAt: at(row.steam_at),
    });
  return prices;
}

export const nameKey = (game: string, name: string) => `${game}\u0000${name}`;
