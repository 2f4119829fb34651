import {
  type contract,
  PORTFOLIO_CSV_HEADER,
  type PortfolioFilters,
  type PortfolioHolding,
  type PortfolioRow,
  type PortfolioSaleItem,
  type PortfolioSelection,
  type PortfolioTotals,
  ResultCode,
} from '@tradedeck/sdk/contract';
import {
  type Currency,
  type ExchangeRate,
  type ItemExterior,
  type ItemValuation,
  isCurrency,
  moneyToDecimal,
  type PortfolioPriceSource,
  TRADE_PROTECTED_CONTEXT_ID,
  type TradeFailureReason,
  type TradeGame,
  tradeFailureMessages,
  valuationChangesAt,
  valueItem,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import { keyValuesOf, type ListAnswer, listWindow } from '../../db/list-page.ts';
import { AppError } from '../../http/app-error.ts';
import { csvLine } from '../../http/csv.ts';
import { answerServedAgain } from '../../http/json-answer.ts';
import type { RatesPort } from '../../integrations/rates/index.ts';
import type { ValuedNames } from './filter-sql.ts';
import { groupSlice } from './groups-repo.ts';
import { type KeptPages, keptPageKey, keptPageSources, type ReadPage } from './kept-pages.ts';
import { portfolioMessages } from './messages.ts';
import { nameKey, sourcePricesOf } from './prices.ts';
import type { PortfolioQueries, PortfolioRepo } from './repo.ts';
import type { AccountGroupRow, AssetRow, HoldingRow, ItemGroupRow, NamePrices, UnitValues } from './types.ts';

type QueryInput = z.output<typeof contract.portfolio.query.input>;
type TotalsInput = z.output<typeof contract.portfolio.totals.input>;
type ExportInput = z.output<typeof contract.portfolio.export.input>;
type SaleLotsInput = z.output<typeof contract.portfolio.saleLots.input>;

/** Assets read per statement while an export streams. */
const EXPORT_CHUNK = 2_000;

interface Valuing {
  source: PortfolioPriceSource;
  currency: Currency;
  includeOutliers: boolean;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

type PageAnswer = ListAnswer<PortfolioRow>;

/** A page's answer as valued last: the same while the rates are and until one of its values reads differently. */
interface ValuedAnswer {
  rates: ExchangeRate[];
  until: number;
  answer: PageAnswer;
}

/** The portfolio: every account's cached inventory in one table, valued, and its totals. */
export class PortfolioService {
  /** Per page read (kept ones are asked again and again), its answers per valuing and language. */
  readonly #valued = new WeakMap<ReadPage, Map<string, ValuedAnswer>>();

  constructor(
    private readonly repo: PortfolioRepo,
    private readonly rates: RatesPort,
    private readonly now: () => number,
    private readonly keptPages: KeptPages,
  ) {}

  async query(userId: string, input: QueryInput, lang: Language) {
    checkRange(input);
    const rates = await this.currentRates();
    // A member limited to tags reads through row-level security every time; nothing kept is theirs.
    const key = this.repo.scoped(userId) ? null : keptPageKey(userId, input);
    const kept = key === null ? undefined : this.keptPages.get(key);
    const sources = keptPageSources(input);
    // Accounts and tags a filter names are checked in the workspace's transaction, and the kept page with them.
    const checkedNow = kept !== undefined && !namesOwnedRows(input);
    if (checkedNow && !(await this.repo.changedSince(userId, kept.snapshot, sources)))
      return this.answer(kept, input, rates, lang);
    return this.repo.run(userId, async (q) => {
      await requireOwnSelection(q, input);
      let read: ReadPage;
      if (kept && !checkedNow && !(await q.changedSince(kept.snapshot, sources))) read = kept;
      else {
        // Taken before the page is read, so a write the page sees and the snapshot does not only sends the next
        // request to read again.
        const snapshot = key === null ? null : await q.snapshot();
        read = await this.readPage(q, input, rates);
        if (key !== null && snapshot !== null) this.keptPages.set(key, { ...read, snapshot });
      }
      return this.answer(read, input, rates, lang);
    });
  }

  /**
   * The page's rows as answered: values are worked out as of the request (their ages, the rates of the moment). A
   * page asked again gives the answer it gave last (the same object, which the dispatcher filters and serializes
   * once) while the rates are the same and none of its values would read differently yet.
   */
  private answer(read: ReadPage, input: QueryInput, rates: ExchangeRate[], lang: Language): PageAnswer {
    const now = this.now();
    const valuing = `${input.source}\0${input.currency}\0${input.includeOutliers}\0${lang}`;
    const answers = this.#valued.get(read) ?? new Map<string, ValuedAnswer>();
    const last = answers.get(valuing);
    if (last && last.rates === rates && now < last.until) return last.answer;
    const values = this.valuesOf(read.prices, input, rates, now);
    let until = Number.POSITIVE_INFINITY;
    for (const value of values.values()) until = Math.min(until, valuationChangesAt(value));
    const unitValueOf = (game: string, name: string) => values.get(nameKey(game, name)) ?? null;
    const answer = answerServedAgain(this.rowsOf(read, unitValueOf, lang));
    answers.set(valuing, { rates, until, answer });
    this.#valued.set(read, answers);
    return answer;
  }

  private rowsOf(read: ReadPage, unitValueOf: UnitValueOf, lang: Language): PageAnswer {
    switch (read.by) {
      case 'account':
        return { ...read.page, items: read.page.items.map((row) => accountRow(row, lang)) };
      case 'flat':
        return { ...read.page, items: read.page.items.map((row) => assetRow(row, unitValueOf)) };
      case 'item':
        return { ...read.page, items: read.page.items.map((row) => itemRow(row, unitValueOf)) };
    }
  }

  /** One page as the database holds it now, with every source's stored price of its items. */
  private async readPage(q: PortfolioQueries, input: QueryInput, rates: ExchangeRate[]): Promise<ReadPage> {
    const keys = q.listKeys(input.by, input.sort);
    const window = listWindow(input, keys);
    const inRange = await this.inRange(q, input, input, rates);
    if (input.by === 'account')
      return { by: 'account', page: await q.accountPage(input, inRange, keys, window), prices: [] };
    if (input.by === 'flat') {
      const page = await q.assetPage(input, inRange, keys, window);
      return { by: 'flat', page, prices: await q.prices(uniqueNames(page.items)) };
    }
    // The kept groups answer the filters they are kept for; the others group the items themselves.
    const slice = q.scoped ? null : groupSlice(input);
    const page = slice
      ? await q.groups.page(slice, input, inRange, q.groups.keys(input.sort), window)
      : await q.itemPage(input, inRange, keys, window);
    return { by: 'item', page, prices: await q.prices(uniqueNames(page.items)) };
  }

  /**
   * The matching items (the selected assets among them, when a selection is given) as CSV, one row per asset in
   * the flat order, valued from the chosen source. Read in chunks by key, each in its own short transaction.
   */
  async export(userId: string, input: ExportInput): Promise<AsyncIterable<string>> {
    checkRange(input);
    const rates = await this.currentRates();
    const inRange = await this.repo.run(userId, async (q) => {
      await requireOwnSelection(q, input, input.assets);
      return this.inRange(q, input, input, rates);
    });
    const chunk = (after: (string | null)[] | null) =>
      this.repo.run(userId, async (q) => {
        const rows = await q.exportRows(input, inRange, input.assets, after, EXPORT_CHUNK);
        const values = await this.unitValues(q, rows, input, rates);
        const last = rows.at(-1);
        return { rows, values, next: last ? keyValuesOf(last, q.listKeys('flat', [])) : null };
      });
    return (async function* () {
      yield `${PORTFOLIO_CSV_HEADER}\n`;
      for (let after: (string | null)[] | null = null; ; ) {
        const { rows, values, next } = await chunk(after);
        for (const row of rows) {
          const value = values.get(nameKey(row.game, row.marketHashName));
          yield csvLine([
            row.login,
            row.game,
            String(row.appId),
            row.contextId,
            row.assetId,
            row.marketHashName,
            row.name,
            row.exterior ?? '',
            row.rarity ?? '',
            String(row.tradable),
            iso(row.tradableAfter) ?? '',
            iso(row.protectedUntil) ?? '',
            value ? moneyToDecimal(value.price) : '',
            value?.price.currency ?? '',
            value?.source ?? '',
            value?.observedAt ?? '',
            value ? String(value.stale) : '',
            value ? String(value.outlier) : '',
          ]);
        }
        if (rows.length < EXPORT_CHUNK) return;
        after = next;
      }
    })();
  }

  /**
   * Totals in the displayed currency: every matching item valued from the chosen source; an outlier is left out
   * unless included, and a price that cannot be converted to the displayed currency counts as no price.
   */
  async totals(userId: string, input: TotalsInput): Promise<PortfolioTotals> {
    checkRange(input);
    const rates = await this.currentRates();
    return this.repo.run(userId, async (q) => {
      await requireOwnSelection(q, input);
      const names = await q.names(input);
      const values = await this.unitValues(q, names, input, rates);
      const unit: UnitValues = { games: [], names: [], amounts: [], counted: [], stale: [] };
      for (const { game, marketHashName } of names) {
        const value = values.get(nameKey(game, marketHashName));
        if (!value || value.price.currency !== input.currency) continue;
        if (!inValueRange(value, input)) continue;
        unit.games.push(game);
        unit.names.push(marketHashName);
        unit.amounts.push(value.price.amount);
        unit.counted.push(value.counted);
        unit.stale.push(value.stale);
      }
      const rows = await q.valueByAccount(input, unit);
      const tags = await q.accountTags();
      const sum = () => ({ value: { currency: input.currency, amount: 0 }, items: 0 });
      const overall = sum();
      const byAccount = new Map<number, ReturnType<typeof sum> & { accountId: number; login: string }>();
      const byGame = new Map<TradeGame, ReturnType<typeof sum> & { game: TradeGame }>();
      let unpriced = 0;
      let stale = 0;
      let outliers = 0;
      for (const row of rows) {
        const value = Number(row.value);
        const account = byAccount.get(row.account_id) ?? {
          ...sum(),
          accountId: row.account_id,
          login: row.login,
        };
        const game = byGame.get(row.game as TradeGame) ?? { ...sum(), game: row.game as TradeGame };
        for (const total of [overall, account, game]) {
          total.value.amount += value;
          total.items += row.items;
        }
        byAccount.set(row.account_id, account);
        byGame.set(game.game, game);
        unpriced += row.unpriced;
        stale += row.stale;
        outliers += row.outliers;
      }
      const byTag = new Map<number, ReturnType<typeof sum> & { tagId: number; name: string }>();
      for (const link of tags) {
        const account = byAccount.get(link.accountId);
        if (!account) continue;
        const tag = byTag.get(link.tagId) ?? { ...sum(), tagId: link.tagId, name: link.name };
        tag.value.amount += account.value.amount;
        tag.items += account.items;
        byTag.set(link.tagId, tag);
      }
      return {
        currency: input.currency,
        source: input.source,
        overall,
        byAccount: [...byAccount.values()].sort(
          (a, b) => a.login.localeCompare(b.login) || a.accountId - b.accountId,
        ),
        byTag: [...byTag.values()].sort((a, b) => a.name.localeCompare(b.name) || a.tagId - b.tagId),
        byGame: [...byGame.values()].sort((a, b) => a.game.localeCompare(b.game)),
        unpriced,
        stale,
        outliers,
      };
    });
  }

  /**
   * The TM lots of the selected assets, each priced by the rule: the chosen source's unit value, in the lot's
   * currency, times the percent (rounded half away from zero to the unit). Lists nothing: the caller lists the
   * ready ones through `lots.addToSale`, which owns the listing and its safety rules.
   */
  async saleLots(
    userId: string,
    input: SaleLotsInput,
    lang: Language,
  ): Promise<{ items: PortfolioSaleItem[] }> {
    const rates = await this.currentRates();
    return this.repo.run(userId, async (q) => {
      await requireOwnSelection(q, {}, input.assets);
      const rows = await q.sale.candidates(input.assets);
      const values = new Map<Currency, Map<string, ItemValuation>>();
      for (const currency of new Set(rows.map((row) => row.lot_currency).filter(isCurrency))) {
        const names = rows.flatMap((row) =>
          row.lot_currency === currency && row.game && row.market_hash_name
            ? [{ game: row.game, marketHashName: row.market_hash_name }]
            : [],
        );
        values.set(currency, await this.unitValues(q, names, { ...input, currency }, rates));
      }
      const skip = (row: (typeof rows)[number], skipped: PortfolioSaleSkip): PortfolioSaleItem => ({
        accountId: row.account_id,
        assetId: row.asset_id,
        lotId: row.lot_id,
        price: null,
        skipped,
        message: portfolioMessages.saleSkipped[skipped][lang],
      });
      return {
        items: rows.map((row): PortfolioSaleItem => {
          if (row.lot_id === null) return skip(row, 'no_lot');
          if (row.lot_status !== 'in_inventory') return skip(row, 'not_in_inventory');
          const currency = isCurrency(row.lot_currency) ? row.lot_currency : null;
          const value =
            currency && row.game && row.market_hash_name
              ? values.get(currency)?.get(nameKey(row.game, row.market_hash_name))
              : undefined;
          if (!currency || !value || value.price.currency !== currency || !value.counted)
            return skip(row, 'no_price');
          const amount = roundHalfAway((value.price.amount * input.percent) / 100);
          if (amount <= 0) return skip(row, 'no_price');
          return {
            accountId: row.account_id,
            assetId: row.asset_id,
            lotId: row.lot_id,
            price: { currency, amount },
            skipped: null,
            message: null,
          };
        }),
      };
    });
  }

  async holding(userId: string, accountId: number, assetId: string): Promise<PortfolioHolding> {
    const row = await this.repo.run(userId, (q) => q.holdings.byAsset(accountId, assetId));
    if (!row) throw new AppError({ code: ResultCode.NotFound, text: portfolioMessages.holdingNotFound });
    return toHolding(row);
  }

  /**
   * Unit values of the items named, in their order, from the chosen source in the chosen currency (null where the
   * source has no price): what other areas show beside items (the confirmations centre).
   */
  async valueNames(
    userId: string,
    names: readonly { game: string; marketHashName: string }[],
    valuing: Pick<Valuing, 'source' | 'currency'>,
  ): Promise<(ItemValuation | null)[]> {
    if (names.length === 0) return [];
    const rates = await this.currentRates();
    const values = await this.repo.run(userId, (q) =>
      this.unitValues(q, names, { ...valuing, includeOutliers: false }, rates),
    );
    return names.map((name) => values.get(nameKey(name.game, name.marketHashName)) ?? null);
  }

  /** The rates to convert with; none (amounts stay in their own currency) when the source was never reached. */
  private async currentRates(): Promise<ExchangeRate[]> {
    try {
      return (await this.rates.current()).rates;
    } catch {
      return [];
    }
  }

  /** Unit values of the items named, from the chosen source. */
  private async unitValues(
    q: PortfolioQueries,
    names: readonly { game: string; marketHashName: string }[],
    valuing: Valuing,
    rates: ExchangeRate[],
  ): Promise<Map<string, ItemValuation>> {
    return this.valuesOf(await q.prices(uniqueNames(names)), valuing, rates);
  }

  /** Unit values from the stored prices of items, from the chosen source, as of now. */
  private valuesOf(
    stored: readonly NamePrices[],
    valuing: Valuing,
    rates: ExchangeRate[],
    now = this.now(),
  ): Map<string, ItemValuation> {
    const values = new Map<string, ItemValuation>();
    for (const row of stored) {
      const value = valueItem(
        sourcePricesOf(row, valuing.currency),
        valuing.source,
        valuing.currency,
        rates,
        now,
        valuing.includeOutliers,
      );
      if (value) values.set(nameKey(row.game, row.name), value);
    }
    return values;
  }

  /** The items whose unit value lies in the requested range (null when no range is asked). */
  private async inRange(
    q: PortfolioQueries,
    filters: PortfolioFilters,
    valuing: Valuing,
    rates: ExchangeRate[],
  ): Promise<ValuedNames | null> {
    if (filters.minValue === undefined && filters.maxValue === undefined) return null;
    const names = await q.names({ ...filters, minValue: undefined, maxValue: undefined });
    const values = await this.unitValues(q, names, valuing, rates);
    const inside: ValuedNames = { games: [], names: [] };
    for (const { game, marketHashName } of names) {
      const value = values.get(nameKey(game, marketHashName));
      if (!value || value.price.currency !== valuing.currency || !inValueRange(value, filters)) continue;
      inside.games.push(game);
      inside.names.push(marketHashName);
    }
    return inside;
  }
}

type PortfolioSaleSkip = NonNullable<PortfolioSaleItem['skipped']>;

/** Half away from zero to the unit, as every conversion rounds (docs/portfolio.md, "Valuation"). */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

function inValueRange(value: ItemValuation, filters: PortfolioFilters): boolean {
  const amount = value.price.amount;
  return (
    (filters.minValue === undefined || amount >= filters.minValue) &&
    (filters.maxValue === undefined || amount <= filters.maxValue)
  );
}

/** Whether a filter names accounts or tags, which must be the user's own. */
function namesOwnedRows(filters: PortfolioFilters): boolean {
  return (filters.accountIds?.length ?? 0) > 0 || (filters.tagIds?.length ?? 0) > 0;
}

/** Accounts and tags a filter names must be the user's own (another user's answer as not found). */
async function requireOwnSelection(
  q: PortfolioQueries,
  filters: PortfolioFilters,
  selection: PortfolioSelection = [],
): Promise<void> {
  const accounts = new Set([...(filters.accountIds ?? []), ...selection.map((asset) => asset.accountId)]);
  if (accounts.size > 0 && (await q.ownedAccounts([...accounts])) < accounts.size)
    throw new AppError({ code: ResultCode.NotFound, text: portfolioMessages.accountsNotFound });
  const tags = new Set(filters.tagIds ?? []);
  if (tags.size > 0 && (await q.ownedTags([...tags])) < tags.size)
    throw new AppError({ code: ResultCode.NotFound, text: portfolioMessages.tagsNotFound });
}

function checkRange(filters: PortfolioFilters): void {
  if (filters.minValue !== undefined && filters.maxValue !== undefined && filters.minValue > filters.maxValue)
    throw new AppError({ code: ResultCode.ValidationError, text: portfolioMessages.valueRangeReversed });
}

export function toHolding(row: HoldingRow): PortfolioHolding {
  return {
    id: row.id,
    accountId: row.accountId,
    game: row.game as TradeGame,
    classId: row.classId,
    instanceId: row.instanceId,
    marketHashName: row.marketHashName,
    assetId: row.assetId,
    contextId: row.contextId,
    protectedUntil: iso(row.protectedUntil),
    originKind: row.originKind as 'trade' | 'seen',
    originTradeId: row.originTradeId,
    originFrom: row.originFrom,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    goneAt: iso(row.goneAt),
    assets: row.assets,
  };
}

/** Each (game, name) pair once. */
function uniqueNames(
  names: readonly { game: string; marketHashName: string }[],
): { game: string; marketHashName: string }[] {
  const unique = new Map<string, { game: string; marketHashName: string }>();
  for (const { game, marketHashName } of names)
    unique.set(nameKey(game, marketHashName), { game, marketHashName });
  return [...unique.values()];
}

type UnitValueOf = (game: string, marketHashName: string) => ItemValuation | null;

function accountRow(row: AccountGroupRow, lang: Language): PortfolioRow {
  return {
    kind: 'account',
    accountId: row.accountId,
    login: row.login,
    count: row.count,
    tradableCount: row.tradableCount,
    protectedCount: row.protectedCount,
    lastScannedAt: iso(row.lastScannedAt),
    lastError: row.lastErrorReason
      ? (tradeFailureMessages[lang][row.lastErrorReason as TradeFailureReason] ?? row.lastErrorReason)
      : null,
  };
}

function assetRow(row: AssetRow, unitValueOf: UnitValueOf): PortfolioRow {
  return {
    kind: 'asset',
    accountId: row.accountId,
    login: row.login,
    game: row.game as TradeGame,
    appId: row.appId,
    contextId: row.contextId,
    assetId: row.assetId,
    classId: row.classId,
    instanceId: row.instanceId,
    marketHashName: row.marketHashName,
    name: row.name,
    iconUrl: row.iconUrl,
    exterior: row.exterior as ItemExterior | null,
    rarity: row.rarity,
    tradable: row.tradable,
    tradableAfter: iso(row.tradableAfter),
    protected: row.contextId === TRADE_PROTECTED_CONTEXT_ID,
    protectedUntil: iso(row.protectedUntil),
    unitValue: unitValueOf(row.game, row.marketHashName),
  };
}

function itemRow(row: ItemGroupRow, unitValueOf: UnitValueOf): PortfolioRow {
  const unitValue = unitValueOf(row.game, row.marketHashName);
  return {
    kind: 'item',
    game: row.game as TradeGame,
    marketHashName: row.marketHashName,
    name: row.name,
    iconUrl: row.iconUrl,
    exterior: row.exterior as ItemExterior | null,
    rarity: row.rarity,
    count: row.count,
    accounts: row.accounts,
    tradableCount: row.tradableCount,
    protectedCount: row.protectedCount,
    protectedUntil: iso(row.protectedUntil),
    unitValue,
    totalValue: unitValue
      ? { currency: unitValue.price.currency, amount: unitValue.price.amount * row.count }
      : null,
  };
}
