/**
 * A fake TM v2 (market.csgo.com) on loopback for the live adapter's tests, written from the field notes
 * (notes/market.md §1-2): the `{success, ...}` envelope, `Bad KEY`, POST JSON for ping-new and mass-*, integer
 * units on writes, float major units from get-money, per-item results of mass calls and the error strings of §2.2.
 * It records every request as it arrived (source address, headers, query, body) and counts requests per key in
 * every rolling second, as TM does before it deletes a key.
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
  /** Asset ids the account may list (anything else answers item_not_in_inventory). */
  inventory?: string[];
  /** TM refuses money transfers from and to this account. */
  transfersBlocked?: boolean;
  /** Sold items waiting for our offer, as trade-request-give-p2p-all lists them (`offers`). */
  deliveries?: Record<string, unknown>[];
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

interface Send {
  from: string;
  to: string;
  /** Units of the sender's currency. */
  amount: number;
  /** Units of the receiver's currency, at the fake's rate of the day. */
  received: number;
  customId: string;
  time: number;
}

export interface FakeTm {
  port: number;
  baseUrl: string;
  requests: SeenRequest[];
  /** Keys that made a fifth request within one second. */
  rateViolations: string[];
  /** Largest number of requests of one key seen within any one second. */
  peakPerSecond: Map<string, number>;
  accounts: Map<string, FakeTmAccount & { listings: Listing[] }>;
  sends: Send[];
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

/** Units to the float major units get-money answers with. */
const major = (units: number, currency: string) => units / (currency === 'RUB' ? 100 : 1000);

export async function startFakeTm(accounts: FakeTmAccount[]): Promise<FakeTm> {
  const requests: SeenRequest[] = [];
  const rateViolations: string[] = [];
  const peakPerSecond = new Map<string, number>();
  const recent = new Map<string, number[]>();
  const scripts = new Map<string, Scripted[]>();
  const sends: Send[] = [];
  const state = new Map(accounts.map((account) => [account.key, { ...account, listings: [] as Listing[] }]));
  let nextItem = 500_000;

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
      const account = state.get(key);
      if (!account) {
        json(res, 200, { success: false, error: 'Bad KEY' });
        return;
      }
      const answer = handle(method, segments.slice(1), url.searchParams, body, account);
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

  function countRate(key: string, at: number): void {
    const times = (recent.get(key) ?? []).filter((time) => at - time < 1000);
    times.push(at);
    recent.set(key, times);
    peakPerSecond.set(key, Math.max(peakPerSecond.get(key) ?? 0, times.length));
    if (times.length >= 5) rateViolations.push(key);
  }

  function handle(
    method: string,
    rest: string[],
    query: URLSearchParams,
    body: string,
    account: FakeTmAccount & { listings: Listing[] },
  ): unknown {
    const cur = query.get('cur');
    const input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    switch (method) {
      case 'get-money':
        return {
          success: true,
          money: major(account.money, account.currency),
          money_settlement: major(account.settlement ?? 0, account.currency),
          currency: account.currency,
        };
      case 'test':
        return {
          success: true,
          status: {
            user_token: true,
            trade_check: true,
            site_online: true,
            site_notmpban: true,
            steam_web_api_key: false,
          },
        };
      case 'ping-new':
        if (!input.access_token) return { success: false, message: 'bad access_token' };
        if (input.access_token === 'too-early') return { success: false, message: 'too early for ping' };
        return { success: true, ping: 'pong', online: true, p2p: true, steamApiKey: false };
      case 'get-my-steam-id':
        return { success: true, steamid32: '1', steamid64: account.steamId64 ?? '76561197960265729' };
      case 'items':
        return {
          success: true,
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
        };
      case 'my-inventory':
        return {
          success: true,
          items: (account.inventory ?? [])
            .filter((asset) => !account.listings.some((listing) => listing.asset === asset))
            .map((asset) => ({
              id: asset,
              classid: '310776',
              instanceid: '0',
              market_hash_name: 'AK-47 | Slate (Field-Tested)',
              tradable: 1,
            })),
        };
      case 'history':
        return { success: true, data: [] };
      case 'mass-add-to-sale': {
        if (cur !== account.currency) return { success: false, error: 'bad_currency' };
        const items = (input.items ?? []) as { asset: string; price: number }[];
        return {
          success: true,
          items: items.map((item) => {
            if (!Number.isInteger(item.price) || item.price <= 0)
              return { success: false, asset: item.asset, error: 'bad_request' };
            if (!(account.inventory ?? []).includes(String(item.asset)))
              return { success: false, asset: item.asset, error: 'item_not_in_inventory' };
            const itemId = String(++nextItem);
            account.listings.push({ itemId, asset: String(item.asset), price: item.price, currency: cur });
            return { success: true, asset: item.asset, item_id: itemId, price: item.price };
          }),
        };
      }
      case 'mass-set-price': {
        if (cur !== account.currency) return { success: false, error: 'bad_currency' };
        const items = (input.items ?? []) as { item_id: string; price: number }[];
        if (items.length > FAKE_TM_MASS_LIMIT) return { success: false, error: 'bad_request' };
        const now = Date.now();
        return {
          success: true,
          items: items.map((item) => {
            const listing = account.listings.find((row) => row.itemId === String(item.item_id));
            if (!listing) return { success: false, item_id: item.item_id, error: 'bad_item' };
            if (listing.priceSetAt !== undefined && now - listing.priceSetAt < FAKE_TM_PRICE_SPACING_MS)
              return { success: false, item_id: item.item_id, error: 'too_often' };
            listing.priceSetAt = now;
            listing.price = item.price;
            return { success: true, item_id: item.item_id, price: item.price };
          }),
        };
      }
      case 'search-list-items-by-hash-name-all': {
        const names = query.getAll('list_hash_name[]');
        const data: Record<string, unknown[]> = {};
        for (const name of names) {
          data[name] = [
            { id: '9002', price: 1250, class: '1', instance: '0', extra: {} },
            { id: '9001', price: 1240, class: '1', instance: '0', extra: {} },
          ];
        }
        return { success: true, currency: account.currency, data };
      }
      case 'trade-request-give-p2p-all':
        return account.deliveries?.length
          ? { success: true, offers: account.deliveries }
          : { success: false, error: 'nothing' };
      case 'trade-ready':
      case 'go-offline':
      case 'update-inventory':
      case 'set-trade-token':
        return { success: true };
      case 'money-send': {
        const [amountText, receiverKey] = rest;
        const amount = Number(amountText);
        if (query.get('pay_pass') !== account.payPassword)
          return { success: false, error: 'wrong_payment_password' };
        const receiver = state.get(receiverKey ?? '');
        if (!receiver) return { success: false, error: 'bad_receiver' };
        if (account.transfersBlocked || receiver.transfersBlocked)
          return { success: false, error: 'money_send_disabled' };
        if (amount > account.money) return { success: false, error: 'not_enough_money' };
        const received = fakeTmConvert(amount, account.currency, receiver.currency);
        account.money -= amount;
        receiver.money += received;
        const customId = query.get('custom_id') ?? '';
        sends.push({
          from: account.key,
          to: receiver.key,
          amount,
          received,
          customId,
          time: Math.floor(Date.now() / 1000),
        });
        return { success: true, from: 1234567, to: 13579123, amount };
      }
      case 'get-info-money-send-by-custom-id': {
        const send = sends.find((row) => row.from === account.key && row.customId === query.get('custom_id'));
        if (!send) return { success: false, error: 'not_found' };
        return {
          from: 1234567,
          to: 13579123,
          amount: send.amount,
          time: send.time,
          currency: account.currency,
          custom_id: send.customId,
          status: 'done',
        };
      }
      case 'transfer-discounts': {
        const receiver = state.get(query.get('to') ?? '');
        if (!receiver || receiver === account) return { success: false, error: 'bad_receiver' };
        if (account.transfersBlocked || receiver.transfersBlocked)
          return { success: false, error: 'money_send_disabled' };
        return { success: true };
      }
      case 'change-currency': {
        // notes market.md §2: 1001 items on sale, 1004 already selected, 1005 not a currency TM knows.
        const to = rest[0] ?? '';
        if (to !== 'RUB' && to !== 'USD' && to !== 'EUR') return { success: false, error: '1005' };
        if (to === account.currency) return { success: false, error: '1004' };
        if (account.listings.length) return { success: false, error: '1001' };
        account.currency = to;
        return { success: true };
      }
      default:
        return { success: false, error: 'unknown method' };
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    rateViolations,
    peakPerSecond,
    accounts: state,
    sends,
    script(method, ...answers) {
      scripts.set(method, [...(scripts.get(method) ?? []), ...answers]);
    },
    countOf(method) {
      return requests.filter((request) => request.path.startsWith(`/api/v2/${method}`)).length;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
