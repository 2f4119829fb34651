import type { LotRow } from '@tradedeck/sdk/contract';
import { type Money, moneyToDecimal } from '@tradedeck/sdk/domain';
import type { DemoSeedContext } from './context.ts';
import { type DemoItem, marketAccountOf, percentOf, unlistedItems } from './market-items.ts';

const DAY_MS = 24 * 3600_000;
/** Items both sellers list: each is a group of lots on several accounts. */
const SHARED_ITEMS = 8;
/** Items only one seller lists. */
const OWN_ITEMS = 6;
/** Inventory lots the demo lists through the panel's add-to-sale, per seller. */
const ADDED_TO_SALE = 3;
/** Listings whose thresholds sit far above the market, so the repricing reports them out of range. */
const OUT_OF_RANGE = 3;
/** Inventory lots given thresholds without being listed (the "not listed" issue). */
const NOT_LISTED = 2;

type Api = DemoSeedContext['api'];

/**
 * The lots screen alive: listings the sellers made on the market's site two days before (some of one item on both
 * accounts, so they group), synced into lots; thresholds per group and a repricing that moved them under the
 * competitors; a few lots listed from the inventory through add-to-sale; and lots with issues (out of range, not
 * listed, a price changed on the market's site).
 */
export async function seedLots({
  api,
  market,
  accounts,
  now,
  datePriceWritesBefore,
}: DemoSeedContext): Promise<void> {
  const start = now();
  const sellers = accounts.sellers.map((seller) => marketAccountOf(market, seller));
  const items = sellers.map((account) => unlistedItems(market, account, start));
  const reference = new Map(items.flat().map((item) => [item.asset.assetId, item.reference]));

  const names = new Set(items[0]!.map((item) => item.marketHashName));
  const shared = [...new Set(items[1]!.map((item) => item.marketHashName))]
    .filter((name) => names.has(name))
    .slice(0, SHARED_ITEMS);
  const firstOf = (list: DemoItem[], name: string) => list.find((item) => item.marketHashName === name)!;
  sellers.forEach((account, index) => {
    const own = items[index]!.filter((item) => !shared.includes(item.marketHashName)).slice(0, OWN_ITEMS);
    for (const item of [...shared.map((name) => firstOf(items[index]!, name)), ...own])
      market.list(account, item.asset, item.game, percentOf(item.reference, 115), start - 2 * DAY_MS);
  });

  await sync(api);
  const listed = await lotsOf(api, { withStatus: ['on_sale'] });
  const ownListed = listed.filter((lot) => !shared.includes(lot.marketHashName));
  const outOfRange = ownListed.slice(0, OUT_OF_RANGE);
  const inBand = listed.filter((lot) => !outOfRange.includes(lot));

  // Thresholds per group around the market, then a repricing that places each lot under its competitors.
  const groups = new Map<string, LotRow[]>();
  for (const lot of inBand) groups.set(lot.groupKey, [...(groups.get(lot.groupKey) ?? []), lot]);
  for (const lots of groups.values()) {
    const price = reference.get(lots[0]!.assetId)!;
    await setThresholds(api, lots, percentOf(price, 80), percentOf(price, 140));
  }
  await api('POST', '/api/p2p/lots/reprice/apply', {
    selection: { ids: inBand.map((lot) => lot.id) },
    wait: true,
  });

  // Out of range: the lowest ask is under the thresholds, and the repricing does not chase it.
  for (const lot of outOfRange) {
    const price = reference.get(lot.assetId)!;
    await setThresholds(api, [lot], percentOf(price, 200), percentOf(price, 300));
  }
  await api('POST', '/api/p2p/lots/reprice/apply', {
    selection: { ids: outOfRange.map((lot) => lot.id) },
    strategy: { kind: 'singlePrice', pick: 'min' },
    wait: true,
  });

  // Listed from the inventory through the panel, and a few inventory lots given bounds but not listed.
  const inventory = (await lotsOf(api, { withStatus: ['in_inventory'] })).filter((lot) =>
    reference.has(lot.assetId),
  );
  const toSale = accounts.sellers.flatMap((seller) =>
    inventory.filter((lot) => lot.account.login === seller.login).slice(0, ADDED_TO_SALE),
  );
  await api('POST', '/api/p2p/lots/add-to-sale', {
    items: toSale.map((lot) => ({ id: lot.id, price: percentOf(reference.get(lot.assetId)!, 120) })),
  });
  const notListed = inventory.filter((lot) => !toSale.includes(lot)).slice(0, NOT_LISTED);
  for (const lot of notListed) {
    const price = reference.get(lot.assetId)!;
    await setThresholds(api, [lot], percentOf(price, 90), percentOf(price, 130));
  }

  // Someone changed one price on the market's site: the next sync shows the mismatch.
  const changed = inBand.find((lot) => lot.account.login === accounts.sellers[1]!.login)!;
  const listing = market.listing(sellers[1]!, changed.itemId!)!;
  market.reprice(listing, percentOf(listing.price, 110), start);
  await sync(api);

  // The seeding's price writes belong to the days before the demo: the user can reprice at once on arrival.
  const before = start - SEEDED_WRITES_AGE_MS;
  market.datePriceChangesBefore(before);
  await datePriceWritesBefore(new Date(before));
}

/** How long before the demo's start its seeded price writes are dated (past the market's one-minute spacing). */
const SEEDED_WRITES_AGE_MS = 3600_000;

async function sync(api: Api): Promise<void> {
  const synced = await api<{ failed: { message: string }[] }>('POST', '/api/p2p/lots/sync', {});
  if (synced.failed.length > 0)
    throw new Error(`demo lots not synced: ${synced.failed.map((item) => item.message).join(', ')}`);
}

async function lotsOf(api: Api, filters: object): Promise<LotRow[]> {
  const rows: LotRow[] = [];
  for (let page = 1; ; page++) {
    const data = await api<{ items: LotRow[]; total: number }>('POST', '/api/p2p/lots/query', {
      ...filters,
      pages: { page, pageSize: 100 },
    });
    rows.push(...data.items);
    if (rows.length >= data.total || data.items.length === 0) return rows;
  }
}

async function setThresholds(api: Api, lots: LotRow[], min: Money, max: Money): Promise<void> {
  const result = await api<{ outcome: string }>('POST', '/api/p2p/lots/thresholds', {
    selection: { ids: lots.map((lot) => lot.id) },
    min: moneyToDecimal(min),
    max: moneyToDecimal(max),
  });
  if (result.outcome !== 'all') throw new Error(`demo thresholds refused: ${result.outcome}`);
}
