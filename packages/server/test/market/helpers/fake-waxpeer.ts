/**
 * A fake Waxpeer (API v1 and its trade WebSocket) on loopback, written from the references, not from our adapter:
 * DarkGL/waxpeer (`src/waxpeer.ts` for the HTTP calls and their doc comments, which quote Waxpeer's API pages;
 * `src/Sockets/tradeSocket.ts` and `src/types/sockets.ts` for the trade socket) as summarised in
 * /work/shared/notes/waxpeer.md. HTTP and the socket share one server, as both are reached through the account's
 * proxy.
 *
 * It keeps its own ledgers, so tests count what Waxpeer would have done whatever our adapter believes: every
 * request (`requests`), every list/edit write per item (`writes`), every trade it announced (`trades`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

export interface FakeWaxpeerAccount {
  key: string;
  steamId64: string;
  /** Mils (1000 = $1): DarkGL/waxpeer `getProfile` sample `wallet`. */
  wallet: number;
  /** The share the seller keeps (`sell_fees`, 0.95 in the client's sample). */
  sellFees?: number;
  /** Asset ids in the Steam inventory Waxpeer sees, with their names. */
  inventory?: { assetId: string; name: string; game?: string }[];
}

export interface FakeWaxpeerRequest {
  at: number;
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

/** A sale Waxpeer asks the seller to send (`send-trade` on the socket, a row of `ready-to-transfer-p2p`). */
export interface FakeWaxpeerTrade {
  waxId: string;
  key: string;
  itemId: string;
  buyerSteamId64: string;
  partner: string;
  token: string;
  sendUntil: number;
  cancelled: boolean;
}

/**
 * 2 list/edit writes per item per 120 s (DarkGL/waxpeer `src/waxpeer.ts` `editItems`: "Rate limit of list/edit
 * actions for each item_id is 2 requests per 120 seconds").
 */
export const FAKE_WAXPEER_ITEM_WRITES = 2;
export const FAKE_WAXPEER_ITEM_WINDOW_MS = 120_000;

/** Other sellers' side of an item: their listings (seller id in `by`) and the highest buy order, in mils. */
export interface FakeWaxpeerBook {
  listings: { itemId: string; price: number; by?: string }[];
  highestOffer?: number | null;
}

interface Listing {
  itemId: string;
  name: string;
  game: string;
  price: number;
  date: number;
}

export interface FakeWaxpeer {
  baseUrl: string;
  /** The trade socket's address (wss://wssex.waxpeer.com in production). */
  socketUrl: string;
  requests: FakeWaxpeerRequest[];
  /** Accepted list/edit writes per item id, with their times. */
  writes: Map<string, number[]>;
  trades: FakeWaxpeerTrade[];
  /** Every message a socket sent, with the socket's number. */
  socketMessages: { socket: number; message: Record<string, unknown> }[];
  listings(key: string): Listing[];
  /** A buyer takes the listing: the trade is pushed to the seller's authenticated sockets and polled rows. */
  sell(
    key: string,
    itemId: string,
    options?: { sendUntil?: number; buyerSteamId64?: string },
  ): FakeWaxpeerTrade;
  /** Waxpeer cancels the trade (`cancelTrade` on the socket; gone from `ready-to-transfer-p2p`). */
  cancel(waxId: string): void;
  /** Sets other sellers' listings and the highest buy order of an item (`mass-info` and `prices` read them). */
  setBook(name: string, book: FakeWaxpeerBook): void;
  /** While set, `prices` answers this HTTP status (a gateway's 502, or the 429 the client warns of). */
  refusePrices(status: number | null): void;
  /**
   * The `nth` next call of `route` (e.g. `POST list-items-steam`) is performed and never answered: a reply lost
   * with the work done (a process killed while it waits).
   */
  holdAfterPerform(route: string, nth: number): void;
  /** Closes every open trade socket from the server's side. */
  dropSockets(): void;
  /** While true, socket upgrades are refused (Waxpeer's socket host down). */
  refuseSockets(refuse: boolean): void;
  /** Authenticated sockets of a Steam id that are open now. */
  openSockets(steamId64: string): number;
  /** Resolves once the Steam id has `count` authenticated sockets (every socket ever authenticated counts). */
  authenticated(steamId64: string, count: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeWaxpeerOptions {
  /** Waxpeer's clock (tests move it to bring a `send_until` near). */
  now?: () => number;
}

export async function startFakeWaxpeer(
  accounts: FakeWaxpeerAccount[],
  options: FakeWaxpeerOptions = {},
): Promise<FakeWaxpeer> {
  const now = options.now ?? Date.now;
  const byKey = new Map(accounts.map((account) => [account.key, account]));
  const listings = new Map<string, Map<string, Listing>>(accounts.map((a) => [a.key, new Map()]));
  const requests: FakeWaxpeerRequest[] = [];
  const writes = new Map<string, number[]>();
  const trades: FakeWaxpeerTrade[] = [];
  const socketMessages: FakeWaxpeer['socketMessages'] = [];
  const sockets = new Map<WebSocket, { id: number; steamId64: string | null }>();
  const authCounts = new Map<string, number>();
  const authWaiters: { steamId64: string; count: number; resolve: () => void }[] = [];
  let refusing = false;
  let pricesRefusal: number | null = null;
  const holds = new Map<string, number>();
  const books = new Map<string, FakeWaxpeerBook>();
  let nextSocket = 0;
  let nextTrade = 4_258_000;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  /** What remains of an item's write window: 0 when a write may happen now. */
  const msBeforeNext = (itemId: string, at: number): number => {
    const recent = (writes.get(itemId) ?? []).filter((t) => at - t < FAKE_WAXPEER_ITEM_WINDOW_MS);
    writes.set(itemId, recent);
    if (recent.length < FAKE_WAXPEER_ITEM_WRITES) return 0;
    return recent[0]! + FAKE_WAXPEER_ITEM_WINDOW_MS - at;
  };
  const recordWrite = (itemId: string, at: number) => writes.get(itemId)!.push(at);
  /** The refusal of a write inside the item's window, as `failed[]` shows it; null when it may happen. */
  const windowRefusal = (raw: { itemId: string; price: number }, at: number, what: string) => {
    const wait = msBeforeNext(raw.itemId, at);
    if (wait === 0) return null;
    const msg = `You can ${what} after ${Math.ceil(wait / 1000)} seconds`;
    return { item_id: raw.itemId, price: raw.price, msg, msBeforeNext: wait };
  };

  const pushTo = (steamId64: string, message: unknown) => {
    for (const [socket, state] of sockets)
      if (state.steamId64 === steamId64 && socket.readyState === socket.OPEN)
        socket.send(JSON.stringify(message));
  };

  /** A `ready-to-transfer-p2p` row (DarkGL/waxpeer `readyToTransferP2P` sample). */
  const tradeRow = (trade: FakeWaxpeerTrade) => {
    const listing = { price: 0, name: '', game: 'csgo', ...findListing(trade.key, trade.itemId) };
    return {
      id: Number(trade.waxId),
      costum_id: `c-${trade.waxId}`,
      trade_id: null,
      tradelink: `https://steamcommunity.com/tradeoffer/new/?partner=${trade.partner}&token=${trade.token}`,
      trade_message: `waxpeer ${trade.waxId}`,
      done: false,
      stage: 1,
      creator: 'seller',
      send_until: new Date(trade.sendUntil).toISOString(),
      last_updated: new Date(now()).toISOString(),
      for_steamid64: trade.buyerSteamId64,
      items: [
        {
          id: Number(trade.waxId),
          item_id: trade.itemId,
          give_amount: Math.floor(listing.price * (byKey.get(trade.key)?.sellFees ?? 0.95)),
          price: listing.price,
          game: listing.game,
          name: listing.name,
          status: 0,
        },
      ],
    };
  };
  /** Every listing of a name: the book's other sellers and our accounts' listings, cheapest first. */
  const bookListings = (name: string, game: string) => {
    const rows = (books.get(name)?.listings ?? []).map((row) => ({
      price: row.price,
      by: row.by ?? 'other-seller',
      item_id: row.itemId,
      name,
    }));
    for (const [key, listed] of listings)
      for (const item of listed.values())
        if (item.name === name && item.game === game)
          rows.push({
            price: item.price,
            by: `seller-${byKey.get(key)!.steamId64}`,
            item_id: item.itemId,
            name,
          });
    return rows.sort((a, b) => a.price - b.price);
  };
  const soldListings = new Map<string, Listing>();
  const findListing = (key: string, itemId: string) =>
    listings.get(key)?.get(itemId) ?? soldListings.get(`${key}/${itemId}`);

  const handlers: Record<
    string,
    (account: FakeWaxpeerAccount, query: URLSearchParams, body: Record<string, unknown>) => [number, unknown]
  > = {
    // DarkGL/waxpeer `getProfile`: `GET user`.
    'GET user': (account) => [
      200,
      {
        success: true,
        user: {
          wallet: account.wallet,
          id64: account.steamId64,
          sell_fees: account.sellFees ?? 0.95,
          can_p2p: true,
          sell_status: true,
          tradelink: null,
        },
      },
    ],
    // DarkGL/waxpeer `myListedItems`: `GET list-items-steam?game=`.
    'GET list-items-steam': (account, query) => {
      const game = query.get('game') ?? 'csgo';
      const items = [...listings.get(account.key)!.values()]
        .filter((item) => item.game === game)
        .map((item, index) => ({
          item_id: item.itemId,
          price: item.price,
          date: new Date(item.date).toISOString(),
          position: index + 1,
          name: item.name,
        }));
      return [200, { success: true, items }];
    },
    // DarkGL/waxpeer `listItemsSteam`: `POST list-items-steam?game=` {items:[{item_id, price}]}, refusals per
    // item in `failed[{msg, msBeforeNext}]`.
    'POST list-items-steam': (account, query, body) => {
      const at = now();
      const listed: unknown[] = [];
      const failed: unknown[] = [];
      for (const raw of itemsOf(body)) {
        const item = (account.inventory ?? []).find((asset) => asset.assetId === raw.itemId);
        if (!item || !Number.isInteger(raw.price) || raw.price <= 0) {
          failed.push({ item_id: raw.itemId, price: raw.price, msg: 'item_not_in_inventory' });
          continue;
        }
        const refusal = windowRefusal(raw, at, 'list your item');
        if (refusal) {
          failed.push(refusal);
          continue;
        }
        recordWrite(raw.itemId, at);
        listings.get(account.key)!.set(raw.itemId, {
          itemId: raw.itemId,
          name: item.name,
          game: query.get('game') ?? item.game ?? 'csgo',
          price: raw.price,
          date: at,
        });
        listed.push({ item_id: raw.itemId, price: raw.price, name: item.name });
      }
      return [200, { success: true, listed, failed }];
    },
    // DarkGL/waxpeer `editItems`: `POST edit-items?game=`; price 0 removes; `{updated, failed, removed}`.
    'POST edit-items': (account, _query, body) => {
      const at = now();
      const updated: unknown[] = [];
      const failed: unknown[] = [];
      let removed = 0;
      for (const raw of itemsOf(body)) {
        const listing = listings.get(account.key)!.get(raw.itemId);
        if (!listing || !Number.isInteger(raw.price) || raw.price < 0) {
          failed.push({ item_id: raw.itemId, price: raw.price, msg: 'Item not found' });
          continue;
        }
        const refusal = windowRefusal(raw, at, 'update price');
        if (refusal) {
          failed.push(refusal);
          continue;
        }
        recordWrite(raw.itemId, at);
        if (raw.price === 0) {
          listings.get(account.key)!.delete(raw.itemId);
          removed += 1;
        } else {
          listing.price = raw.price;
          updated.push({ item_id: raw.itemId, price: String(raw.price) });
        }
      }
      return [200, { success: true, updated, failed, removed }];
    },
    // DarkGL/waxpeer `removeItems`: `GET remove-items?id=…&id=…` answers `{success, count, removed}`.
    'GET remove-items': (account, query) => {
      const removed: string[] = [];
      for (const id of query.getAll('id')) if (listings.get(account.key)!.delete(id)) removed.push(id);
      return [200, { success: true, count: removed.length, removed }];
    },
    // DarkGL/waxpeer `massInfo`: `POST mass-info?game=` {name:[≤50], sell:1}; per name `listings` (nested arrays in
    // the client's sample) with the seller in `by`, and `orders`, `history`, `info` (shapes not shown).
    'POST mass-info': (_account, query, body) => {
      const names = Array.isArray(body.name) ? body.name.map(String) : [];
      if (names.length > 50) return [200, { success: false, msg: 'Max 50 names' }];
      const data: Record<string, unknown> = {};
      for (const name of names)
        data[name] = {
          listings: [bookListings(name, query.get('game') ?? 'csgo')],
          orders: [],
          history: [],
          info: {},
        };
      return [200, { success: true, data }];
    },
    // DarkGL/waxpeer `getPrices`: `GET prices?game=&highest_offer=` answers per name `{name, count, min, steam_price}`;
    // `highest_offer=1` "will return highest_offer for the items" (the field is named by the parameter).
    'GET prices': (_account, query) => {
      if (pricesRefusal !== null) return [pricesRefusal, { success: false, msg: 'Too many requests' }];
      const game = query.get('game') ?? 'csgo';
      const names = new Set([
        ...books.keys(),
        ...[...listings.values()].flatMap((m) => [...m.values()].map((l) => l.name)),
      ]);
      const items = [...names].flatMap((name) => {
        const rows = bookListings(name, game);
        if (rows.length === 0) return [];
        const item: Record<string, unknown> = {
          name,
          count: rows.length,
          min: Math.min(...rows.map((row) => row.price)),
          steam_price: String(Math.max(...rows.map((row) => row.price))),
        };
        const offer = books.get(name)?.highestOffer;
        if (query.get('highest_offer') === '1' && offer) item.highest_offer = offer;
        return [item];
      });
      return [200, { success: true, items }];
    },
    // DarkGL/waxpeer `fetchMyInventory`: `GET fetch-my-inventory?game=` reads the Steam inventory again.
    'GET fetch-my-inventory': () => [200, { success: true }],
    // DarkGL/waxpeer `getMyInventory`: `GET get-my-inventory?game=&skip=`, `{success, count, items:[{item_id,
    // name}]}`: the inventory items not listed yet.
    'GET get-my-inventory': (account) => {
      const listed = listings.get(account.key)!;
      const items = (account.inventory ?? [])
        .filter((asset) => !listed.has(asset.assetId))
        .map((asset) => ({ item_id: asset.assetId, name: asset.name }));
      return [200, { success: true, count: items.length, items }];
    },
    // DarkGL/waxpeer `myHistory`: `POST my-history`; this fake keeps no past trades.
    'POST my-history': () => [200, { success: true, data: { trades: [] } }],
    // DarkGL/waxpeer `readyToTransferP2P`: the trades the seller must send now.
    'GET ready-to-transfer-p2p': (account) => {
      const at = now();
      const rows = trades
        .filter((trade) => trade.key === account.key && !trade.cancelled && trade.sendUntil > at)
        .map(tradeRow);
      return [200, { success: true, trades: rows }];
    },
    // DarkGL/waxpeer `checkWssUser`: forces a P2P status check.
    'GET check-wss-user': (account) => {
      const online = [...sockets.values()].some((state) => state.steamId64 === account.steamId64);
      return [
        200,
        online ? { success: true, step: 3, msg: 'You can sell now' } : { success: false, step: 1 },
      ];
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake-waxpeer');
      const body = Buffer.concat(chunks).toString('utf8');
      const path = url.pathname.replace(/^\/v1\//, '');
      requests.push({ at: now(), method: req.method ?? 'GET', path, query: url.searchParams, body });
      // The key is `api=` in the query of every call (DarkGL/waxpeer `get`/`post`). An unknown key's answer is not
      // shown by the client: a refusal with `success: false` is the assumed shape.
      const account = byKey.get(url.searchParams.get('api') ?? '');
      if (!account) return json(res, 401, { success: false, msg: 'Wrong API key' });
      const handler = handlers[`${req.method} ${path}`];
      if (!handler) return json(res, 404, { success: false, msg: 'not found' });
      let parsed: Record<string, unknown> = {};
      try {
        parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      } catch {
        return json(res, 400, { success: false, msg: 'Wrong input' });
      }
      const [status, answer] = handler(account, url.searchParams, parsed);
      const route = `${req.method} ${path}`;
      const hold = holds.get(route);
      if (hold !== undefined) {
        if (hold <= 1) {
          holds.delete(route);
          return;
        }
        holds.set(route, hold - 1);
      }
      json(res, status, answer);
    });
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    if (refusing) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const state = { id: ++nextSocket, steamId64: null as string | null };
      sockets.set(ws, state);
      ws.on('close', () => sockets.delete(ws));
      ws.on('message', (data) => {
        let message: Record<string, unknown>;
        try {
          message = JSON.parse(String(data)) as Record<string, unknown>;
        } catch {
          return;
        }
        socketMessages.push({ socket: state.id, message });
        // DarkGL/waxpeer `tradeSocket.ts`: `{name: 'ping'}` every 25 s, answered `pong`.
        if (message.name === 'ping') ws.send(JSON.stringify({ name: 'pong' }));
        // The auth message carries `steamid` and `apiKey`; a key that does not own the Steam id is ignored.
        if (message.name === 'auth') {
          const account = byKey.get(String(message.apiKey ?? ''));
          if (!account || account.steamId64 !== String(message.steamid)) return;
          state.steamId64 = account.steamId64;
          const count = (authCounts.get(account.steamId64) ?? 0) + 1;
          authCounts.set(account.steamId64, count);
          for (const waiter of [...authWaiters])
            if (waiter.steamId64 === account.steamId64 && count >= waiter.count) {
              authWaiters.splice(authWaiters.indexOf(waiter), 1);
              waiter.resolve();
            }
        }
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    socketUrl: `ws://127.0.0.1:${port}/`,
    requests,
    writes,
    trades,
    socketMessages,
    listings: (key) => [...(listings.get(key)?.values() ?? [])],
    sell(key, itemId, sellOptions = {}) {
      const account = byKey.get(key)!;
      const listing = listings.get(key)!.get(itemId);
      if (!listing) throw new Error(`item ${itemId} is not listed`);
      listings.get(key)!.delete(itemId);
      soldListings.set(`${key}/${itemId}`, listing);
      // Deadlines from DarkGL/waxpeer `buyItemWithId`: no trade created cancels after 6 minutes.
      const trade: FakeWaxpeerTrade = {
        waxId: String(++nextTrade),
        key,
        itemId,
        buyerSteamId64: sellOptions.buyerSteamId64 ?? '76561198000009001',
        partner: '39743273',
        token: 'Bu7erTok',
        sendUntil: sellOptions.sendUntil ?? now() + 6 * 60_000,
        cancelled: false,
      };
      trades.push(trade);
      // DarkGL/waxpeer `types/sockets.ts` `TradeWebsocketCreateTradeData`.
      pushTo(account.steamId64, {
        name: 'send-trade',
        data: {
          waxid: trade.waxId,
          wax_id: trade.waxId,
          json_tradeoffer: {
            newversion: true,
            version: 2,
            me: {
              assets: [{ appid: 730, contextid: '2', amount: 1, assetid: itemId }],
              currency: [],
              ready: false,
            },
            them: { assets: [], currency: [], ready: false },
          },
          tradeoffermessage: `waxpeer ${trade.waxId}`,
          tradelink: `https://steamcommunity.com/tradeoffer/new/?partner=${trade.partner}&token=${trade.token}`,
          partner: trade.partner,
          created: new Date(now()).toISOString(),
          now: new Date(now()).toISOString(),
          send_until: new Date(trade.sendUntil).toISOString(),
        },
      });
      return trade;
    },
    cancel(waxId) {
      const trade = trades.find((item) => item.waxId === waxId);
      if (!trade) return;
      trade.cancelled = true;
      const account = byKey.get(trade.key)!;
      // DarkGL/waxpeer `types/sockets.ts` `TradeWebsocketCancelTradeData`.
      pushTo(account.steamId64, {
        name: 'cancelTrade',
        data: { trade_id: waxId, seller_steamid: account.steamId64 },
      });
    },
    holdAfterPerform(route, nth) {
      holds.set(route, nth);
    },
    setBook(name, book) {
      books.set(name, book);
    },
    refusePrices(status) {
      pricesRefusal = status;
    },
    dropSockets() {
      for (const socket of sockets.keys()) socket.terminate();
    },
    refuseSockets(refuse) {
      refusing = refuse;
    },
    openSockets: (steamId64) =>
      [...sockets.entries()].filter(([s, state]) => state.steamId64 === steamId64 && s.readyState === s.OPEN)
        .length,
    authenticated: (steamId64, count) =>
      (authCounts.get(steamId64) ?? 0) >= count
        ? Promise.resolve()
        : new Promise((resolve) => authWaiters.push({ steamId64, count, resolve })),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets.keys()) socket.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function itemsOf(body: Record<string, unknown>): { itemId: string; price: number }[] {
  const items = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [];
  return items.map((item) => ({ itemId: String(item.item_id), price: Number(item.price) }));
}
