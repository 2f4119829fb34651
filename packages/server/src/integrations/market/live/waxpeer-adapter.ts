/**
 * The market port against Waxpeer (API v1, DarkGL/waxpeer `src/waxpeer.ts`): the key as `api=` in the query of
 * the configured host only, money in mils (1000 = $1, USD only), sales from the trade socket with the
 * `ready-to-transfer-p2p` poll as fallback (`waxpeer-sales.ts`), and list/edit writes paced per item: Waxpeer
 * takes 2 writes per item per 120 s, so each item takes one slot a minute from the shared pacing store (never a
 * third write inside any 120 s), and an item Waxpeer refuses with `msBeforeNext` rests that long. Waxpeer has no
 * money transfers, no currency change and no `trade-ready`: the port answers those as such.
 */
import { accountIdFromSteamId, type TradeGame } from '@tradedeck/sdk/domain';
import type { ProxyAgentPool } from '../../steam/proxy-agent.ts';
import type { MarketPacingStore } from '../pacing-store.ts';
import type {
  ListingWrite,
  MarketCredentials,
  MarketDeliveryRequest,
  MarketItemOutcome,
  MarketPort,
  PingInput,
  PriceWrite,
} from '../port.ts';
import { failure, refusedWrite } from '../write-guard.ts';
import type { TmClient } from './tm-client.ts';
import { reasonOfWaxpeerError } from './waxpeer-errors.ts';
import { asksOfMassInfo, deliveryOfReadyRow, list, listingOfWaxpeer, WAXPEER_GAMES } from './waxpeer-json.ts';
import { WaxpeerPriceFeed } from './waxpeer-prices.ts';
import { WaxpeerSaleFeed } from './waxpeer-sales.ts';
import { WaxpeerTradeSocket } from './waxpeer-socket.ts';

type Empty = Record<never, never>;
type Json = Record<string, unknown>;

/** 2 writes per item per 120 s: one slot a minute keeps every 120 s window at 2 or under. */
export const WAXPEER_ITEM_SPACING_MS = 60_000;
/** Waxpeer's batch size for mass-info (50 names) is also ours for list and edit. */
const WAXPEER_BATCH_LIMIT = 50;

export interface WaxpeerAdapterOptions {
  client: TmClient;
  /** The pacing store the client uses: per-item write slots live there too, shared by every process. */
  store: MarketPacingStore;
  agents: ProxyAgentPool;
  socketUrl: string;
  game?: TradeGame;
  now?: () => number;
  socket?: Partial<{ retryStepMs: number; retryMaxMs: number; pingEveryMs: number }>;
}

interface AccountSales {
  feed: WaxpeerSaleFeed;
  socket: WaxpeerTradeSocket | null;
}

export class WaxpeerMarketAdapter implements MarketPort {
  readonly mode = 'live' as const;
  readonly platform = 'waxpeer' as const;
  readonly priceChangeSpacingMs = WAXPEER_ITEM_SPACING_MS;
  readonly #accounts = new Map<string, AccountSales>();
  readonly #game: string;
  readonly #tradeGame: TradeGame;
  readonly #now: () => number;
  readonly #prices: WaxpeerPriceFeed;

  constructor(private readonly options: WaxpeerAdapterOptions) {
    this.#tradeGame = options.game ?? 'cs2';
    this.#game = WAXPEER_GAMES[this.#tradeGame] ?? 'csgo';
    this.#now = options.now ?? Date.now;
    this.#prices = new WaxpeerPriceFeed(this.#now);
  }

  private user(creds: MarketCredentials) {
    return this.options.client.call(creds, { name: 'user', method: 'GET', path: 'user', retry: 'read' });
  }

  async balance(creds: MarketCredentials) {
    const answer = await this.user(creds);
    if (!answer.ok) return answer;
    const wallet = Number(((answer.body.user ?? {}) as Json).wallet);
    if (!Number.isSafeInteger(wallet)) return failure('unknownError', { detail: 'user answered no wallet' });
    return {
      ok: true as const,
      balance: {
        available: { currency: 'USD' as const, amount: wallet },
        onHold: { currency: 'USD' as const, amount: 0 },
      },
      currency: 'USD' as const,
    };
  }

  async statusFlags(creds: MarketCredentials) {
    const answer = await this.user(creds);
    if (!answer.ok) return answer;
    const user = (answer.body.user ?? {}) as Json;
    return {
      ok: true as const,
      flags: {
        userToken: typeof user.tradelink === 'string' && user.tradelink.length > 0,
        tradeCheck: user.can_p2p === true,
        siteOnline: this.#accounts.get(creds.keyId)?.socket?.isOpen === true,
        notMarketBanned: user.sell_status !== false,
      },
    };
  }

  /** Staying online on Waxpeer is keeping the trade socket open: the ping opens it (again) when it is not. */
  async ping(creds: MarketCredentials, _input?: PingInput) {
    const sales = await this.sales(creds, true);
    if ('ok' in sales) return sales;
    const online = sales.socket?.isOpen === true;
    return { ok: true as const, online, p2p: online, tooEarly: false };
  }

  async goOffline(creds: MarketCredentials) {
    const sales = this.#accounts.get(creds.keyId);
    sales?.socket?.close();
    if (sales) sales.socket = null;
    return { ok: true as const };
  }

  async steamId(creds: MarketCredentials) {
    const answer = await this.user(creds);
    if (!answer.ok) return answer;
    const id64 = String(((answer.body.user ?? {}) as Json).id64 ?? '');
    if (!/^\d{17}$/.test(id64)) return failure('unknownError', { detail: 'user answered no id64' });
    return { ok: true as const, steamId: id64 };
  }

  async setTradeToken(creds: MarketCredentials, token: string) {
    const steamId = await this.steamId(creds);
    if (!steamId.ok) return steamId;
    const tradelink = `https://steamcommunity.com/tradeoffer/new/?partner=${accountIdFromSteamId(steamId.steamId)}&token=${encodeURIComponent(token)}`;
    const answer = await this.options.client.call(creds, {
      name: 'change-tradelink',
      method: 'POST',
      path: 'change-tradelink',
      json: { tradelink },
      retry: 'idempotent',
    });
    return answer.ok ? { ok: true as const } : answer;
  }

  async tradeToken(creds: MarketCredentials) {
    const answer = await this.user(creds);
    if (!answer.ok) return answer;
    const link = ((answer.body.user ?? {}) as Json).tradelink;
    let token: string | null = null;
    try {
      token = typeof link === 'string' ? new URL(link).searchParams.get('token') : null;
    } catch {
      token = null;
    }
    return { ok: true as const, token };
  }

  async listings(creds: MarketCredentials) {
    const answer = await this.options.client.call(creds, {
      name: 'list-items-steam',
      method: 'GET',
      path: 'list-items-steam',
      query: { game: this.#game },
      retry: 'read',
    });
    if (!answer.ok) return answer;
    return {
      ok: true as const,
      listings: list(answer.body.items).map((item) => listingOfWaxpeer(item, this.#tradeGame)),
    };
  }

  async inventory(creds: MarketCredentials) {
    const fetched = await this.updateInventory(creds);
    if (!fetched.ok) return fetched;
    const answer = await this.options.client.call(creds, {
      name: 'get-my-inventory',
      method: 'GET',
      path: 'get-my-inventory',
      query: { skip: 0, game: this.#game },
      retry: 'read',
    });
    if (!answer.ok) return answer;
    const items = list(answer.body.items).map((item) => {
      const steamPrice = Number(((item.steam_price ?? {}) as Json).current);
      return {
        assetId: String(item.item_id),
        classId: String(item.classid ?? ''),
        instanceId: '0',
        marketHashName: String(item.name ?? ''),
        game: this.#tradeGame,
        tradable: true,
        marketPrice: Number.isSafeInteger(steamPrice)
          ? { currency: 'USD' as const, amount: steamPrice }
          : null,
      };
    });
    return { ok: true as const, items };
  }

  async updateInventory(creds: MarketCredentials) {
    const answer = await this.options.client.call(creds, {
      name: 'fetch-my-inventory',
      method: 'GET',
      path: 'fetch-my-inventory',
      query: { game: this.#game },
      retry: 'idempotent',
    });
    return answer.ok ? { ok: true as const } : answer;
  }

  async addToSale(creds: MarketCredentials, items: ListingWrite[]) {
    const written = await this.writeItems(
      creds,
      'list-items-steam',
      items.map((item) => ({ itemId: item.assetId, price: item.price })),
      'listed',
    );
    if (!written.ok) return written;
    return {
      ok: true as const,
      outcomes: written.outcomes.map(
        (outcome, i): MarketItemOutcome<{ itemId: string }> =>
          outcome.ok ? { ok: true, itemId: items[i]!.assetId } : outcome,
      ),
    };
  }

  /**
   * A price of zero delists through `remove-items`, which the per-item write limit does not cover (DarkGL/waxpeer
   * `removeItems`): a delist after a sale elsewhere is never held up by a recent price write. Other prices go
   * through `edit-items`.
   */
  async setPrices(creds: MarketCredentials, writes: PriceWrite[]) {
    const removals = writes.filter((write) => write.price.amount === 0);
    if (removals.length === 0) return this.writeItems(creds, 'edit-items', writes, 'updated');
    const refused = refusedWrite(
      'USD',
      writes.map((write) => write.price),
    );
    if (refused) return refused;
    const removed = await this.options.client.call(creds, {
      name: 'remove-items',
      method: 'GET',
      path: 'remove-items',
      query: { id: removals.map((write) => write.itemId) },
      retry: 'idempotent',
    });
    if (!removed.ok) return removed;
    const edits = writes.filter((write) => write.price.amount !== 0);
    const edited = edits.length > 0 ? await this.writeItems(creds, 'edit-items', edits, 'updated') : null;
    if (edited && !edited.ok) return edited;
    const editOutcomes = new Map(edits.map((write, i) => [write, edited!.outcomes[i]!]));
    // An id Waxpeer did not remove was not listed: the delist holds either way.
    return {
      ok: true as const,
      outcomes: writes.map((write): MarketItemOutcome<Empty> => editOutcomes.get(write) ?? { ok: true }),
    };
  }

  /**
   * One list or edit call for the items whose per-item slot is free; the others answer `rateLimited` without
   * being sent. Waxpeer's per-item refusals are read from `failed`, and `msBeforeNext` rests the item.
   */
  private async writeItems(
    creds: MarketCredentials,
    path: 'list-items-steam' | 'edit-items',
    writes: PriceWrite[],
    doneField: 'listed' | 'updated',
  ) {
    const refused = refusedWrite(
      'USD',
      writes.map((write) => write.price),
    );
    if (refused) return refused;
    if (creds.currency !== 'USD')
      return failure('currencyMismatch', {
        detail: `Waxpeer sells in USD, the account is ${creds.currency}`,
      });
    if (writes.length > WAXPEER_BATCH_LIMIT)
      return failure('badRequest', { detail: `at most ${WAXPEER_BATCH_LIMIT} items per call` });
    const outcomes: MarketItemOutcome<Empty>[] = [];
    const send: PriceWrite[] = [];
    for (const write of writes) {
      const slot = await this.options.store.take(
        itemKey(creds, write.itemId),
        this.#now(),
        WAXPEER_ITEM_SPACING_MS,
      );
      if (slot.granted) send.push(write);
      outcomes.push(
        slot.granted
          ? { ok: true }
          : {
              ok: false,
              reason: 'rateLimited',
              detail: `item write limit: ${Math.ceil(slot.waitMs / 1000)} s`,
            },
      );
    }
    if (send.length === 0) return { ok: true as const, outcomes };
    const answer = await this.options.client.call(creds, {
      name: path,
      method: 'POST',
      path,
      query: { game: this.#game },
      json: { items: send.map((write) => ({ item_id: write.itemId, price: write.price.amount })) },
      retry: path === 'edit-items' ? 'idempotent' : 'mutate',
    });
    if (!answer.ok) return answer;
    const failed = new Map(list(answer.body.failed).map((row) => [String(row.item_id), row]));
    const done = new Set(list(answer.body[doneField]).map((row) => String(row.item_id)));
    for (const [i, write] of writes.entries()) {
      if (!outcomes[i]!.ok || !send.includes(write)) continue;
      const refusal = failed.get(write.itemId);
      if (refusal) {
        const waitMs = Number(refusal.msBeforeNext);
        if (Number.isFinite(waitMs) && waitMs > 0)
          await this.options.store.rest(itemKey(creds, write.itemId), this.#now() + waitMs);
        outcomes[i] = {
          ok: false,
          reason: Number.isFinite(waitMs) && waitMs > 0 ? 'rateLimited' : reasonOfWaxpeerError(refusal.msg),
          detail: String(refusal.msg ?? ''),
        };
      } else if (!done.has(write.itemId) && !(path === 'edit-items' && write.price.amount === 0)) {
        outcomes[i] = { ok: false, reason: 'unknownError', detail: 'not in the answer' };
      }
    }
    return { ok: true as const, outcomes };
  }

  async asks(creds: MarketCredentials, marketHashNames: string[]) {
    if (marketHashNames.length > WAXPEER_BATCH_LIMIT)
      return failure('badRequest', { detail: 'at most 50 names per call' });
    const answer = await this.options.client.call(creds, {
      name: 'mass-info',
      method: 'POST',
      path: 'mass-info',
      query: { game: this.#game },
      json: { name: marketHashNames, sell: 1 },
      retry: 'read',
    });
    if (!answer.ok) return answer;
    const asks = asksOfMassInfo(answer.body.data, marketHashNames, new Date(this.#now()));
    // The buy orders come from the bulk feed, read at most once a minute whatever the number of names.
    const bids = await this.#prices.bids(() =>
      this.options.client.call(creds, {
        name: 'prices',
        method: 'GET',
        path: 'prices',
        query: { game: this.#game, highest_offer: 1 },
        retry: 'read',
      }),
    );
    return {
      ok: true as const,
      asks: asks.map((item) => ({ ...item, bid: bids.get(item.marketHashName) ?? null })),
    };
  }

  async deliveryRequests(creds: MarketCredentials) {
    const sales = await this.sales(creds, false);
    if ('ok' in sales) return sales;
    return sales.feed.requests(sales.socket?.isOpen === true, () => this.poll(creds));
  }

  private async poll(creds: MarketCredentials) {
    const answer = await this.options.client.call(creds, {
      name: 'ready-to-transfer-p2p',
      method: 'GET',
      path: 'ready-to-transfer-p2p',
      retry: 'read',
    });
    if (!answer.ok) return answer;
    const rows = Array.isArray(answer.body.trades) ? list(answer.body.trades) : list(answer.body.data);
    const requests = rows.map(deliveryOfReadyRow).filter((r): r is MarketDeliveryRequest => r !== null);
    return { ok: true as const, requests };
  }

  /** Waxpeer documents no "sent" notice: the sale completes when the buyer accepts. */
  async tradeReady() {
    return { ok: true as const };
  }

  async history(creds: MarketCredentials, from: Date, to: Date) {
    const answer = await this.options.client.call(creds, {
      name: 'my-history',
      method: 'POST',
      path: 'my-history',
      json: { skip: 0, start: from.toISOString(), end: to.toISOString(), sort: 'DESC' },
      retry: 'read',
    });
    if (!answer.ok) return answer;
    const trades = list(((answer.body.data ?? {}) as Json).trades);
    const entries = trades.map((row) => ({
      itemId: String(row.item_id),
      marketHashName: String(row.name ?? ''),
      game: this.#tradeGame,
      event: row.action === 'buy' ? ('buy' as const) : ('sell' as const),
      stage:
        row.status === 5
          ? ('given' as const)
          : row.status === 6
            ? ('cancelled' as const)
            : ('active' as const),
      received: { currency: 'USD' as const, amount: Math.trunc(Number(row.give_amount ?? 0)) },
      time: new Date(String(row.date ?? row.created)),
      settlement: 0,
      customId: null,
    }));
    return { ok: true as const, entries };
  }

  async sendMoney() {
    return failure('transferNotSupported', { detail: 'Waxpeer has no money transfers between accounts' });
  }

  async moneySendByCustomId() {
    return { ok: true as const, record: null };
  }

  async moneySendHistory() {
    return { ok: true as const, entries: [] };
  }

  async changeCurrency() {
    return failure('currencyChangeRefused', { detail: 'Waxpeer sells in USD only' });
  }

  /**
   * The account's sale feed, with its socket opened when `connect` (the ping) asks for it. The socket needs the
   * account's Steam id and trade link, read from `user` once.
   */
  private async sales(creds: MarketCredentials, connect: boolean) {
    let sales = this.#accounts.get(creds.keyId);
    if (!sales) {
      sales = { feed: new WaxpeerSaleFeed(this.#now), socket: null };
      this.#accounts.set(creds.keyId, sales);
    }
    if (connect && !sales.socket) {
      const answer = await this.user(creds);
      if (!answer.ok) return answer;
      const user = (answer.body.user ?? {}) as Json;
      const feed = sales.feed;
      sales.socket = new WaxpeerTradeSocket({
        url: this.options.socketUrl,
        apiKey: creds.apiKey,
        steamId: String(user.id64 ?? ''),
        tradeLink: typeof user.tradelink === 'string' ? user.tradelink : null,
        ...(creds.proxy ? { agent: this.options.agents.get(creds.proxy) } : {}),
        retryStepMs: this.options.socket?.retryStepMs ?? 1_000,
        retryMaxMs: this.options.socket?.retryMaxMs ?? 30_000,
        pingEveryMs: this.options.socket?.pingEveryMs ?? 25_000,
        onSendTrade: (data) => feed.pushed(data),
        onCancelTrade: (data) => feed.cancelled(data),
      });
      sales.socket.open();
    }
    return sales;
  }

  /** Closes every trade socket (server shutdown). */
  close(): void {
    for (const sales of this.#accounts.values()) sales.socket?.close();
    this.#accounts.clear();
  }
}

function itemKey(creds: MarketCredentials, itemId: string): string {
  return `${creds.keyId}:item:${itemId}`;
}
