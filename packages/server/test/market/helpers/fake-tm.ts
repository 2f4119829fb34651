/**
 * A fake TM v2 (market.csgo.com) on loopback, written from the references, not from our adapter: TM's own API pages
 * as summarised in /work/shared/notes/market.md (§1-2, §4, with §12's corrections) and soyware/OpenMarketClient
 * (`src/Market.h`). Each endpoint is one handler in `HANDLERS`, citing where its request and answer come from; a
 * test or another area adds behaviour by adding a handler or an account field.
 *
 * It keeps its own ledgers, so tests count what TM would have done whatever our adapter believes: every request as
 * it arrived (`requests`), every money-send it performed (`sends`), every discount move (`discountMoves`), every
 * request of a key within a sliding second (`rateViolations`, `peakPerSecond`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTmAccount {
  key: string;
  currency: 'RUB' | 'USD' | 'EUR';
  /** Units of the account's currency. */
  money: number;
  settlement?: number;
  payPassword?: string;
  steamId64?: string;
  /** Asset ids TM's inventory cache holds (anything else answers item_not_in_inventory). */
  inventory?: string[];
  /** Asset ids in the Steam inventory TM has not seen yet: they join `inventory` at the next update-inventory. */
  steamOnly?: string[];
  /** TM refuses money transfers from and to this account. */
  transfersBlocked?: boolean;
  /** `test.status.user_token`: TM holds a trade token for the account (default true). */
  userToken?: boolean;
  /** The trade token set with set-trade-token. */
  tradeToken?: string | null;
  /** The account's fee discounts, in TM's own measure: `transfer-discounts` moves them. */
  discounts?: number;
  /** `history` rows of the account (sales), as TM answers them. */
  history?: Record<string, unknown>[];
  /** `trade-request-give-p2p-all` offers; none answers `error: "nothing"`. */
  p2pOffers?: Record<string, unknown>[];
}

export interface SeenRequest {
  at: number;
  remoteAddress: string;
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** How the next request of a method is answered instead of normally. */
export type Scripted =
  // Answers this one request normally (to script a later one of the same method).
  | 'pass'
  | { status: number; body?: string }
  | 'dropAfterPerform'
  | 'dropBeforePerform'
  // Performs the call and never answers: the caller is still waiting when it dies.
  | 'holdAfterPerform'
  // Performs the call when it arrives and answers that answer once `until` settles (a slow read of a moment ago).
  | { until: Promise<unknown> };

interface Listing {
  itemId: string;
  asset: string;
  price: number;
  currency: string;
  /** When its price was last changed by set-price (TM changes one listing's price at most once a minute). */
  priceSetAt?: number;
}

/** TM's limits on mass-set-price (notes market.md §2, §11). */
export const FAKE_TM_MASS_LIMIT = 50;
export const FAKE_TM_PRICE_SPACING_MS = 60_000;
/** TM deletes a key that makes more than 5 requests in a second (notes market.md §1). */
export const FAKE_TM_REQUESTS_PER_SECOND = 5;

/**
 * The live TM client's options for a test about something else than pacing: calls still take turns per key and a
 * failed read is still retried twice, without sitting out TM's live spacing (0.33 s a call) and retry pauses (0.5 s,
 * 2 s). A test of the request rate (`rateViolations`) keeps the live spacing.
 */
export const FAKE_TM_QUICK_CLIENT = { spacingMs: 20, retryDelaysMs: [20, 40] } as const;

/** One money-send TM performed: the fake's own ledger. */
export interface FakeTmSend {
  id: number;
  from: string;
  to: string;
  /** Units of the sender's currency. */
  amount: number;
  /** Units of the receiver's currency, at the fake's rate of the day. */
  received: number;
  /** The custom id as TM stored it: empty when it made the send without storing the id. */
  customId: string;
  /** Unix seconds. */
  time: number;
}

export interface FakeTmDiscountMove {
  from: string;
  to: string;
  discounts: number;
}

type AccountState = FakeTmAccount & { listings: Listing[]; tmUserId: number };

export interface FakeTm {
  port: number;
  baseUrl: string;
  requests: SeenRequest[];
  /** Keys that made a request while 5 or more of theirs were already within the last second (TM deletes those). */
  rateViolations: string[];
  /** Largest number of requests of one key seen within any one sliding second. */
  peakPerSecond: Map<string, number>;
  accounts: Map<string, AccountState>;
  sends: FakeTmSend[];
  discountMoves: FakeTmDiscountMove[];
  /**
   * Whether TM stores the custom id of the next money-sends (default true). Off: it performs them and the lookup by
   * custom id answers "not found" for them (notes market.md §4: what it answers then is unknown).
   */
  storeCustomIds(on: boolean): void;
  /** Other sellers' asks of a name (integer units, any order); a name never set answers two asks near 1.25. */
  setAsks(name: string, prices: number[]): void;
  /** Answers queued per method name (`get-money`, `money-send`, ...), used in order. */
  script(method: string, ...answers: Scripted[]): void;
  countOf(method: string): number;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

const SCALE: Record<string, number> = { RUB: 100, USD: 1000, EUR: 1000 };
/** The fake's rate of the day: major units of the receiver's currency per major unit of the sender's, as a fraction. */
const RATE: Record<string, [number, number]> = {
  'USD>RUB': [90, 1],
  'RUB>USD': [1, 90],
  'EUR>RUB': [100, 1],
  'RUB>EUR': [1, 100],
  'USD>EUR': [9, 10],
  'EUR>USD': [11, 10],
};

/** Sender units to receiver units at the rate of the day, whole units rounded down (integers only). */
export function fakeTmConvert(amount: number, from: string, to: string): number {
  if (from === to) return amount;
  const [num, den] = RATE[`${from}>${to}`]!;
  return Math.floor((amount * SCALE[to]! * num) / (SCALE[from]! * den));
}

/** Units to the float major units get-money answers with (notes market.md §1.1). */
const major = (units: number, currency: string) => units / (SCALE[currency] ?? 100);

/** What a handler is given: the caller's account, the path after the method, the query and the JSON body. */
interface HandlerContext {
  account: AccountState;
  rest: string[];
  query: URLSearchParams;
  input: Record<string, unknown>;
  world: FakeTmWorld;
}

interface FakeTmWorld {
  accounts: Map<string, AccountState>;
  sends: FakeTmSend[];
  discountMoves: FakeTmDiscountMove[];
  storeCustomIds: boolean;
  nextItem: number;
  asks: Map<string, number[]>;
}

type Handler = (ctx: HandlerContext) => unknown;

const ok = (extra: Record<string, unknown> = {}) => ({ success: true, ...extra });
const refused = (error: string) => ({ success: false, error });
const TRADE_TOKEN = /^[A-Za-z0-9_-]{8}$/;

/** One handler per endpoint, named as TM's path names it. */
const HANDLERS: Record<string, Handler> = {
  // notes §2: `{success, money (float major units), money_settlement, currency}`; the currency is the market's own.
  'get-money': ({ account }) =>
    ok({
      money: major(account.money, account.currency),
      money_settlement: major(account.settlement ?? 0, account.currency),
      currency: account.currency,
    }),
  // notes §2 and OpenMarketClient src/Market.h `CanSell`: booleans under `status`; selling needs user_token.
  test: ({ account }) =>
    ok({
      status: {
        user_token: account.userToken !== false,
        trade_check: true,
        site_online: true,
        site_notmpban: true,
        steam_web_api_key: false,
      },
    }),
  // OpenMarketClient src/Market.h `SetSteamTradeToken`: GET set-trade-token?token=; TM checks the token (the error
  // text is the one a Python TM client matches: "invalid trade token, reverify and try again").
  'set-trade-token': ({ account, query }) => {
    const token = query.get('token') ?? '';
    if (!TRADE_TOKEN.test(token)) return refused('invalid trade token, reverify and try again');
    account.tradeToken = token;
    account.userToken = true;
    return ok({ token });
  },
  'get-token': ({ account }) => ok({ token: account.tradeToken ?? null }),
  // notes §2: POST JSON {access_token, proxy?}; errors in `message`; "too early for ping" is benign.
  'ping-new': ({ input }) => {
    if (!input.access_token) return { success: false, message: 'bad access_token' };
    if (input.access_token === 'too-early') return { success: false, message: 'too early for ping' };
    return ok({ ping: 'pong', online: true, p2p: true, steamApiKey: false });
  },
  'go-offline': () => ok(),
  'get-my-steam-id': ({ account }) =>
    ok({ steamid32: '1', steamid64: account.steamId64 ?? '76561197960265729' }),
  // notes §2 and OpenMarketClient src/Market.h `GetItems`: `items` is null when nothing is listed, status a string.
  items: ({ account }) =>
    ok({
      items: account.listings.length
        ? account.listings.map((listing) => ({
            item_id: listing.itemId,
            assetid: listing.asset,
            classid: '310776',
            instanceid: '0',
            market_hash_name: 'AK-47 | Slate (Field-Tested)',
            position: 1,
            price: major(listing.price, listing.currency),
            currency: listing.currency,
            status: '1',
            live_time: 600,
            left: null,
            settlement: 0,
          }))
        : null,
    }),
  // notes §2: unlisted items of TM's inventory cache only.
  'my-inventory': ({ account }) =>
    ok({
      items: (account.inventory ?? [])
        .filter((asset) => !account.listings.some((listing) => listing.asset === asset))
        .map((asset) => ({
          id: asset,
          classid: '310776',
          instanceid: '0',
          market_hash_name: 'AK-47 | Slate (Field-Tested)',
          tradable: 1,
        })),
    }),
  // TM's account API page ("Request inventory cash update (it is recommended to do after each accepted trade
  // offer)"), wendland0d/csgotm-py `csgotm/account.py` `update_inventory`, notes §2 and §12: GET, no parameter
  // but `lang`, `{success}`; TM reads the Steam inventory again. Also asked before retrying item_not_in_inventory.
  'update-inventory': ({ account }) => {
    account.inventory = [...(account.inventory ?? []), ...(account.steamOnly ?? [])];
    account.steamOnly = [];
    return ok();
  },
  // notes §2: `data:[{event, stage, ..., custom_id, item_id, time, received, settlement}]`.
  history: ({ account }) => ok({ data: account.history ?? [] }),
  // notes §2: POST, `cur` must be the account's currency, per-item results in a success envelope.
  'mass-add-to-sale': ({ account, query, input, world }) => {
    const cur = query.get('cur');
    if (cur !== account.currency) return refused('bad_currency');
    const items = (input.items ?? []) as { asset: string; price: number }[];
    return ok({
      items: items.map((item) => {
        if (!Number.isInteger(item.price) || item.price <= 0)
          return { success: false, asset: item.asset, error: 'bad_request' };
        if (!(account.inventory ?? []).includes(String(item.asset)))
          return { success: false, asset: item.asset, error: 'item_not_in_inventory' };
        const itemId = String(++world.nextItem);
        account.listings.push({ itemId, asset: String(item.asset), price: item.price, currency: cur });
        return { success: true, asset: item.asset, item_id: itemId, price: item.price };
      }),
    });
  },
  // notes §2 and §11: ≤ 50 items, one price change per listing a minute (`too_often`), `bad_item` for unknown ids.
  'mass-set-price': ({ account, query, input }) => {
    if (query.get('cur') !== account.currency) return refused('bad_currency');
    const items = (input.items ?? []) as { item_id: string; price: number }[];
    if (items.length > FAKE_TM_MASS_LIMIT) return refused('bad_request');
    const now = Date.now();
    return ok({
      items: items.map((item) => {
        const listing = account.listings.find((row) => row.itemId === String(item.item_id));
        if (!listing) return { success: false, item_id: item.item_id, error: 'bad_item' };
        if (listing.priceSetAt !== undefined && now - listing.priceSetAt < FAKE_TM_PRICE_SPACING_MS)
          return { success: false, item_id: item.item_id, error: 'too_often' };
        listing.priceSetAt = now;
        listing.price = item.price;
        // notes §2 `set-price`: a price of 0 delists (taken for the mass call too).
        if (item.price === 0) account.listings.splice(account.listings.indexOf(listing), 1);
        return { success: true, item_id: item.item_id, price: item.price };
      }),
    });
  },
  // notes §2: integer units, keyed by name, cheapest first.
  'search-list-items-by-hash-name-all': ({ account, query, world }) => {
    const data: Record<string, unknown[]> = {};
    for (const name of query.getAll('list_hash_name[]')) {
      const set = world.asks.get(name);
      data[name] = set
        ? set.map((price, index) => ({ id: `9${index}`, price, class: '1', instance: '0', extra: {} }))
        : [
            { id: '9002', price: 1250, class: '1', instance: '0', extra: {} },
            { id: '9001', price: 1240, class: '1', instance: '0', extra: {} },
          ];
    }
    return ok({ currency: account.currency, data });
  },
  // notes §2 and §12, OpenMarketClient src/Market.h `RequestGiveP2PAll`: `offers`, or `error: "nothing"`.
  'trade-request-give-p2p-all': ({ account }) =>
    account.p2pOffers?.length ? ok({ offers: account.p2pOffers }) : refused('nothing'),
  // OpenMarketClient src/Market.h `TradeReady`: GET trade-ready?tradeoffer=<id>.
  'trade-ready': ({ query }) => (query.get('tradeoffer') ? ok() : refused('bad_input')),
  // notes §4: GET money-send/{amount}/{receiver key}?pay_pass&custom_id, amount in the sender's integer units,
  // `{success, from, to, amount}` with TM's own user ids.
  'money-send': ({ account, rest, query, world }) => {
    const [amountText, receiverKey] = rest;
    const amount = Number(amountText);
    if (query.get('pay_pass') !== account.payPassword) return refused('wrong_payment_password');
    const receiver = world.accounts.get(decodeURIComponent(receiverKey ?? ''));
    if (!receiver || receiver === account) return refused('bad_receiver');
    if (account.transfersBlocked || receiver.transfersBlocked) return refused('money_send_disabled');
    if (!Number.isInteger(amount) || amount <= 0) return refused('bad_input');
    if (amount > account.money) return refused('not_enough_money');
    const received = fakeTmConvert(amount, account.currency, receiver.currency);
    account.money -= amount;
    receiver.money += received;
    world.sends.push({
      id: world.sends.length + 1,
      from: account.key,
      to: receiver.key,
      amount,
      received,
      customId: world.storeCustomIds ? (query.get('custom_id') ?? '') : '',
      time: Math.floor(Date.now() / 1000),
    });
    return ok({ from: account.tmUserId, to: receiver.tmUserId, amount });
  },
  // notes §2 and §4: `{from, to, amount, time, currency, custom_id, status}`; a send it has no id for answers an
  // error (what TM really answers then is unknown: "not found" here).
  'get-info-money-send-by-custom-id': ({ account, query, world }) => {
    const customId = query.get('custom_id') ?? '';
    const send = world.sends.find((row) => row.from === account.key && customId && row.customId === customId);
    if (!send) return refused('not_found');
    return {
      success: true,
      from: account.tmUserId,
      to: world.accounts.get(send.to)?.tmUserId,
      amount: send.amount,
      time: send.time,
      currency: account.currency,
      custom_id: send.customId,
      status: 'done',
    };
  },
  // wendland0d/csgotm-py `csgotm/account.py` `money_send_history`: money-send-history/{page} (page 0 first), rows
  // read as `data[].{to, amount_from, currency_from}` (newest first: it reports `data[0]` as the last transfer),
  // amount_from in integer units; TM's account API page lists it as "History of balance transfers from the current
  // account" without a sample row. `id`, `time`, `amount_to` and `currency_to` are this fake's assumptions, unverified
  // by any reference found (a row without a time is no evidence to the adapter).
  'money-send-history': ({ account, rest, world }) => {
    const page = Number(rest[0] ?? '0');
    const mine = world.sends.filter((row) => row.from === account.key).reverse();
    return ok({
      data: mine.slice(page * 50, page * 50 + 50).map((send) => {
        const receiver = world.accounts.get(send.to)!;
        return {
          id: send.id,
          to: receiver.tmUserId,
          amount_from: send.amount,
          currency_from: account.currency,
          amount_to: send.received,
          currency_to: receiver.currency,
          time: send.time,
        };
      }),
    });
  },
  // TM's account API page: "Transferring discounts to another account" (notes §2): it moves them, it checks nothing.
  'transfer-discounts': ({ account, query, world }) => {
    const receiver = world.accounts.get(query.get('to') ?? '');
    if (!receiver || receiver === account) return refused('bad_receiver');
    const discounts = account.discounts ?? 0;
    receiver.discounts = (receiver.discounts ?? 0) + discounts;
    account.discounts = 0;
    world.discountMoves.push({ from: account.key, to: receiver.key, discounts });
    return ok();
  },
  // notes §2: 1001 items on sale, 1004 already selected, 1005 not a currency TM knows.
  'change-currency': ({ account, rest }) => {
    const to = rest[0] ?? '';
    if (to !== 'RUB' && to !== 'USD' && to !== 'EUR') return refused('1005');
    if (to === account.currency) return refused('1004');
    if (account.listings.length) return refused('1001');
    account.currency = to;
    return ok();
  },
};

export async function startFakeTm(accounts: FakeTmAccount[]): Promise<FakeTm> {
  const requests: SeenRequest[] = [];
  const rateViolations: string[] = [];
  const peakPerSecond = new Map<string, number>();
  const recent = new Map<string, number[]>();
  const scripts = new Map<string, Scripted[]>();
  const world: FakeTmWorld = {
    accounts: new Map(
      accounts.map((account, i) => [account.key, { ...account, listings: [], tmUserId: 1_000_001 + i }]),
    ),
    sends: [],
    discountMoves: [],
    storeCustomIds: true,
    nextItem: 500_000,
    asks: new Map(),
  };

  /** TM counts a key's requests in every sliding second (notes market.md §1). */
  function countRate(key: string, at: number): void {
    const times = (recent.get(key) ?? []).filter((time) => at - time < 1000);
    times.push(at);
    recent.set(key, times);
    peakPerSecond.set(key, Math.max(peakPerSecond.get(key) ?? 0, times.length));
    if (times.length >= FAKE_TM_REQUESTS_PER_SECOND) rateViolations.push(key);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake-tm');
      const body = Buffer.concat(chunks).toString('utf8');
      const at = Date.now();
      requests.push({
        at,
        remoteAddress: req.socket.remoteAddress ?? '',
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      const key = url.searchParams.get('key') ?? '';
      countRate(key, at);
      const segments = url.pathname.replace(/^\/api\/v2\//, '').split('/');
      const method = segments[0] ?? '';
      const scripted = scripts.get(method)?.shift();
      if (scripted && typeof scripted === 'object' && 'status' in scripted) {
        res.writeHead(scripted.status, { 'content-type': 'text/html' }).end(scripted.body ?? 'Bad Gateway');
        return;
      }
      if (scripted === 'dropBeforePerform') {
        req.socket.destroy();
        return;
      }
      const account = world.accounts.get(key);
      // notes §2.2: any method with a wrong or deleted key.
      if (!account) {
        json(res, 200, refused('Bad KEY'));
        return;
      }
      const handler = HANDLERS[method];
      const input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      const answer = handler
        ? handler({ account, rest: segments.slice(1), query: url.searchParams, input, world })
        : refused('unknown method');
      if (scripted === 'dropAfterPerform') {
        req.socket.destroy();
        return;
      }
      if (scripted === 'holdAfterPerform') return;
      if (scripted && typeof scripted === 'object') {
        const held = JSON.stringify(answer);
        void scripted.until.then(() => json(res, 200, JSON.parse(held)));
        return;
      }
      json(res, 200, answer);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    rateViolations,
    peakPerSecond,
    accounts: world.accounts,
    sends: world.sends,
    discountMoves: world.discountMoves,
    storeCustomIds(on) {
      world.storeCustomIds = on;
    },
    setAsks(name, prices) {
      world.asks.set(name, prices);
    },
    script(method, ...answers) {
      scripts.set(method, [...(scripts.get(method) ?? []), ...answers]);
    },
    countOf(method) {
      const path = `/api/v2/${method}`;
      return requests.filter((request) => request.path === path || request.path.startsWith(`${path}/`))
        .length;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
