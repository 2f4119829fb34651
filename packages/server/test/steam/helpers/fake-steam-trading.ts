/**
 * Steam's trading endpoints for the fake Steam, written from widely used clients rather than from our adapter.
 * Each behaviour names the client it is read from:
 * - inventories: `GET /inventory/<steamid>/<app>/<ctx>?count&start_assetid`, `more_items`/`last_assetid` paging,
 *   at most 2000 a page; a signed-out read answers 403 with the body `null`, and a private one the same
 *   (node-steamcommunity `components/users.js` `getUserInventoryContents`); read errors as
 *   `{ success: false, error: "text (N)" }` (same file: `body.Error || body.error`); about 60 reads a minute per
 *   IP before 429s (node-steamcommunity PR #300), counted per egress address: a 429 is a client error the
 *   caller must not retry at once (ArchiSteamFarm `Web/WebBrowser.cs` returns 4xx without retrying;
 *   node-steamcommunity `users.js` hands the 429 to the caller as an error).
 * - offers: `POST /tradeoffer/new/send`, `/tradeoffer/<id>/accept|cancel|decline`, errors as HTTP 500 with a
 *   `strError` (steam-tradeoffer-manager `lib/classes/TradeOffer.js`, `lib/helpers.js`: the partner's trade ban,
 *   "sent too many trade offers" and "unable to contact the game's item server" carry no "(N)"); a signed-out
 *   accept answers 403 (TradeOffer.js `accept` reads it as "Not Logged In"); `IEconService/GetTradeOffers` pages
 *   by `cursor`/`next_cursor` (steam-tradeoffer-manager `lib/index.js` `getOffers`).
 * - confirmations: `GET /mobileconf/getlist`, `POST /mobileconf/multiajaxop` (`cid[]`, `ck[]`) and
 *   `GET /mobileconf/ajaxop` (`cid`, `ck`) keyed with the identity secret (node-steamcommunity
 *   `components/confirmations.js`); a signed-out list answers `needauth` (same file); one request per account
 *   every 10 s, faster gets 429 (ArchiSteamFarm `MobileAuthenticator.cs` ConfirmationsLimiterDelay); the
 *   confirmation of a sent offer shows up a few seconds after the send (ASF polls for it,
 *   `Actions.HandleTwoFactorAuthenticationConfirmations` with `waitIfNeeded`); each listed entry carries
 *   `type`, `type_name`, `id`, `nonce`, `creator_id`, `creation_time`, `headline` and `summary` lines
 *   (steamguard-cli `steamguard/src/confirmation.rs` `Confirmation`). Types: trade 2, market listing 3
 *   (node-steamcommunity `resources/EConfirmationType.js`), account recovery 6 and API key 9 (steamguard-cli
 *   `confirmation.rs` `ConfirmationType`; ArchiSteamFarm `Steam/Security/Confirmation.cs`), market purchase 12
 *   (Steam's mobile web client `k_EMobileConfirmationType_MarketPurchase`); answering one of another type than a
 *   trade only takes it off the list.
 * Sessions are the fake's own tokens; a scripted answer can replace any call once; `mount` adds more endpoints.
 */
import type http from 'node:http';
import { generateConfirmationKey } from '@tradedeck/sdk/domain';
import { arrivals, type FakeRoute, type FakeSteam } from './fake-steam.ts';

export interface FakeItem {
  assetid: string;
  classid: string;
  name: string;
  tradable?: boolean;
  /** Extra description fields (cache_expiration, owner_descriptions, tags ...). */
  extra?: Record<string, unknown>;
}

export interface FakeOffer {
  tradeofferid: string;
  sender: string;
  partner: string;
  message: string;
  state: number;
  give: { appid: number; contextid: string; assetid: string; amount: number }[];
  receive: { appid: number; contextid: string; assetid: string; amount: number }[];
  created: number;
  tradeid?: string;
}

export interface FakeConfirmation {
  id: string;
  nonce: string;
  type: number;
  type_name: string;
  creator_id: string;
  headline: string;
  summary: string[];
  creation_time: number;
  /** Listed from this time on (ms). */
  visibleAt: number;
}

export interface ScriptedAnswer {
  /** `METHOD path` the answer replaces once (the path without the query). */
  match: string;
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** How the fake limits and delays, per the references above; tests shorten them. */
export interface FakeTradingLimits {
  /** Time between two mobileconf requests of one account below which Steam answers 429 (ASF: 10 s). */
  confirmationSpacingMs: number;
  /** How long after the send an offer's confirmation is listed. */
  confirmationDelayMs: number;
  /** Inventory reads allowed within `inventoryWindowMs` from the egress before 429s (about 60 a minute). */
  inventoryBudget: number;
  inventoryWindowMs: number;
  /** Offers a GetTradeOffers page carries before `next_cursor`. */
  offersPageSize: number;
  /** The fake's time for its limits (a test's simulated clock); the wall clock otherwise. */
  now?: () => number;
}

export const FAKE_TRADING_LIMITS: FakeTradingLimits = {
  confirmationSpacingMs: 10_000,
  confirmationDelayMs: 3_000,
  inventoryBudget: 60,
  inventoryWindowMs: 60_000,
  offersPageSize: 100,
};

export interface FakeTrading {
  route: FakeRoute;
  limits: FakeTradingLimits;
  inventories: Map<string, FakeItem[]>;
  privateInventories: Set<string>;
  offers: Map<string, FakeOffer>;
  confirmations: Map<string, FakeConfirmation[]>;
  identitySecrets: Map<string, string>;
  escrowDays: Map<string, number>;
  /** The token of each account's trade URL (the privacy page shows no trade URL for an account without one). */
  tradeTokens: Map<string, string>;
  acknowledged: Set<string>;
  /** Partners whose offers Steam refuses, with the `strError` it answers the send with. */
  sendRefusals: Map<string, string>;
  script: ScriptedAnswer[];
  /** multiajaxop requests that take effect and then lose their reply (the connection drops). */
  lostConfirmReplies: number;
  /** multiajaxop requests answered `{ success: false }` without acting (the batch call broken, steamcommunity #351). */
  failingMultiConfirms: number;
  /** `count`/`start_assetid` of every inventory page asked for. */
  pageRequests: { count: number; start: string | null }[];
  /** Every inventory read (time, reader) and every one answered 429. */
  inventoryReads: { at: number; reader: string | null; ip: string; refused: boolean }[];
  inventoryRefusals: number;
  /** Every mobileconf request per account (time and path), and the ones answered 429. */
  confirmationCalls: { steamId: string; at: number; path: string }[];
  confirmationRefusals: number;
  /** Confirmation ids answered, with the operation and the endpoint. */
  answered: { op: string; ids: string[]; via: 'multiajaxop' | 'ajaxop' }[];
  /** Access tokens seen on trading calls, in order. */
  tokensSeen: string[];
  /** Adds endpoints (another area's fake); tried before the ones here. */
  mount(route: FakeRoute): void;
  /** A confirmation we did not create (another offer, or a market listing), listed at once. */
  addForeignConfirmation(
    steamId: string,
    creatorId: string,
    type: number,
    summary?: string[],
  ): FakeConfirmation;
}

/** What the mobile app shows for each type (steamguard-cli `confirmation.rs` fixtures name them so). */
const TYPE_NAMES: Record<number, string> = {
  2: 'Trade Offer',
  3: 'Market Listing',
  6: 'Account Recovery',
  9: 'API Key',
  12: 'Market Purchase',
};

const json = (
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const STEAM_ID_BASE = 76561197960265728n;

/** The address a request came from: Steam limits by egress IP (each loopback proxy may dial from its own). */
const egressOf = (req: http.IncomingMessage) => (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');

export function createFakeTrading(
  fake: () => FakeSteam,
  limits: Partial<FakeTradingLimits> = {},
): FakeTrading {
  let nextOffer = 4_000_000_000;
  let nextConfirmation = 9_000_000;
  const mounted: FakeRoute[] = [];
  const lastConfirmationCall = new Map<string, number>();
  const trading: FakeTrading = {
    route: async () => false,
    limits: { ...FAKE_TRADING_LIMITS, ...limits },
    inventories: new Map(),
    privateInventories: new Set(),
    offers: new Map(),
    confirmations: new Map(),
    identitySecrets: new Map(),
    escrowDays: new Map(),
    tradeTokens: new Map(),
    acknowledged: new Set(),
    sendRefusals: new Map(),
    script: [],
    lostConfirmReplies: 0,
    failingMultiConfirms: 0,
    pageRequests: [],
    inventoryReads: [],
    inventoryRefusals: 0,
    confirmationCalls: [],
    confirmationRefusals: 0,
    answered: [],
    tokensSeen: [],
    mount: (route) => mounted.push(route),
    addForeignConfirmation: (steamId, creatorId, type, summary) =>
      addConfirmation(steamId, creatorId, type, 0, summary),
  };

  /** The signed-in SteamID of a community request (cookie) or a Web API request (`access_token`). */
  function who(req: http.IncomingMessage, url: URL): string | null {
    const cookie = /steamLoginSecure=(\d{17})%7C%7C([^;]+)/.exec(String(req.headers.cookie ?? ''));
    const token = url.searchParams.get('access_token') ?? cookie?.[2] ?? '';
    trading.tokensSeen.push(token);
    const claims = fake().verifyAccessToken(token);
    if (!claims || (cookie && cookie[1] !== claims.sub)) return null;
    return claims.sub;
  }

  const form = (body: string) => new URLSearchParams(body);
  const sessionMatches = (req: http.IncomingMessage, fields: URLSearchParams) =>
    new RegExp(`sessionid=${fields.get('sessionid')}(;|$)`).test(String(req.headers.cookie ?? ''));

  /** node-steamcommunity PR #300: about 60 inventory reads a minute per IP, then 429. */
  function inventoryOverBudget(reader: string | null, ip: string): boolean {
    const now = trading.limits.now?.() ?? Date.now();
    const { inventoryBudget, inventoryWindowMs } = trading.limits;
    const recent = trading.inventoryReads.filter(
      (read) => read.ip === ip && now - read.at < inventoryWindowMs,
    );
    const refused = recent.length >= inventoryBudget;
    trading.inventoryReads.push({ at: now, reader, ip, refused });
    if (refused) trading.inventoryRefusals += 1;
    return refused;
  }

  function inventory(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    reader: string | null,
    owner: string,
    app: string,
    ctx: string,
  ) {
    if (inventoryOverBudget(reader, egressOf(req))) return json(res, 429, null);
    // users.js: 403 with `null` for a private inventory; a signed-out reader gets the same answer.
    if (reader === null || (trading.privateInventories.has(owner) && owner !== reader)) {
      res.writeHead(403, { 'content-type': 'application/json' }).end('null');
      return;
    }
    // Trade Protection's context 16 is readable only by its owner.
    if (ctx === '16' && owner !== reader)
      return json(res, 200, { success: false, error: 'Access Denied (15)' });
    const count = Number(url.searchParams.get('count') ?? 75);
    const start = url.searchParams.get('start_assetid');
    trading.pageRequests.push({ count, start });
    if (count > 2000) return json(res, 400, null);
    const items = trading.inventories.get(`${owner}/${app}/${ctx}`) ?? [];
    const from = start ? items.findIndex((item) => item.assetid === start) + 1 : 0;
    const page = items.slice(from, from + count);
    const more = from + count < items.length;
    json(res, 200, {
      assets: page.map((item) => ({
        appid: Number(app),
        contextid: ctx,
        assetid: item.assetid,
        classid: item.classid,
        instanceid: '0',
        amount: '1',
      })),
      descriptions: page.map((item) => ({
        appid: Number(app),
        classid: item.classid,
        instanceid: '0',
        name: item.name,
        market_hash_name: item.name,
        type: 'Rifle',
        tradable: item.tradable === false ? 0 : 1,
        marketable: 1,
        ...item.extra,
      })),
      ...(more ? { more_items: 1, last_assetid: page.at(-1)!.assetid } : {}),
      total_inventory_count: items.length,
      success: 1,
      rwgrsn: -2,
    });
  }

  /** Steam shows the trade URL only on one's own privacy page; another profile's page redirects to one's own. */
  function privacyPage(res: http.ServerResponse, me: string, owner: string) {
    if (owner !== me) {
      res.writeHead(302, { location: `https://steamcommunity.com/profiles/${me}/tradeoffers/privacy` }).end();
      return;
    }
    const token = trading.tradeTokens.get(me);
    const accountId = BigInt(me) - STEAM_ID_BASE;
    const url = `https://steamcommunity.com/tradeoffer/new/?partner=${accountId}&amp;token=${token}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<html><body><div class="trade_offer_access_url_ctn">${
        token ? `<input type="text" id="trade_offer_access_url" value="${url}" readonly>` : ''
      }</div></body></html>`,
    );
  }

  const rawOffer = (offer: FakeOffer, viewer: string) => {
    const ours = offer.sender === viewer;
    const other = ours ? offer.partner : offer.sender;
    return {
      tradeofferid: offer.tradeofferid,
      accountid_other: Number(BigInt(other) - STEAM_ID_BASE),
      message: offer.message,
      expiration_time: offer.created + 14 * 86400,
      trade_offer_state: offer.state,
      items_to_give: ours ? offer.give : offer.receive,
      items_to_receive: ours ? offer.receive : offer.give,
      is_our_offer: ours,
      time_created: offer.created,
      time_updated: offer.created,
      tradeid: offer.tradeid ?? '0',
      confirmation_method: offer.state === 9 ? 2 : 0,
    };
  };

  /** GetTradeOffers: sent and received offers, `offersPageSize` a page, `next_cursor` while more are left. */
  function offersPage(res: http.ServerResponse, url: URL, me: string) {
    const cutoff = Number(url.searchParams.get('time_historical_cutoff') ?? 0);
    const cursor = Number(url.searchParams.get('cursor') ?? 0);
    const all = [...trading.offers.values()]
      .filter((offer) => offer.created >= cutoff)
      .filter(
        (offer) =>
          (url.searchParams.get('get_sent_offers') === '1' && offer.sender === me) ||
          (url.searchParams.get('get_received_offers') === '1' && offer.partner === me && offer.state !== 9),
      );
    const page = all.slice(cursor, cursor + trading.limits.offersPageSize);
    const next = cursor + page.length < all.length ? cursor + page.length : 0;
    json(res, 200, {
      response: {
        trade_offers_sent: page.filter((offer) => offer.sender === me).map((offer) => rawOffer(offer, me)),
        trade_offers_received: page
          .filter((offer) => offer.partner === me)
          .map((offer) => rawOffer(offer, me)),
        ...(next ? { next_cursor: next } : {}),
      },
    });
  }

  async function keyMatches(steamId: string, query: URLSearchParams, tag: string): Promise<boolean> {
    const secret = trading.identitySecrets.get(steamId);
    if (!secret) return false;
    return (await generateConfirmationKey(secret, Number(query.get('t')), tag)) === query.get('k');
  }

  /** ASF MobileAuthenticator.cs: one confirmation request per account per 10 s; Steam answers faster ones 429. */
  function confirmationTooSoon(req: http.IncomingMessage, steamId: string, path: string): boolean {
    const now = trading.limits.now?.() ?? arrivals.get(req) ?? Date.now();
    trading.confirmationCalls.push({ steamId, at: now, path });
    const last = lastConfirmationCall.get(steamId);
    lastConfirmationCall.set(steamId, now);
    if (last === undefined || now - last >= trading.limits.confirmationSpacingMs) return false;
    trading.confirmationRefusals += 1;
    return true;
  }

  /** Answers the listed confirmations given by id and nonce; the offers they belong to move on. */
  function act(me: string, op: string, ids: string[], nonces: string[], via: 'multiajaxop' | 'ajaxop') {
    const own = trading.confirmations.get(me) ?? [];
    trading.answered.push({ op, ids, via });
    let all = true;
    for (const [index, id] of ids.entries()) {
      const found = own.find(
        (item) => item.id === id && item.nonce === nonces[index] && item.visibleAt <= Date.now(),
      );
      if (!found) {
        all = false;
        continue;
      }
      own.splice(own.indexOf(found), 1);
      const offer = trading.offers.get(found.creator_id);
      if (offer?.state === 9) offer.state = op === 'allow' ? 2 : 10;
    }
    return all;
  }

  async function mobileconf(
    req: http.IncomingMessage,
    url: URL,
    body: string,
    res: http.ServerResponse,
    me: string | null,
  ): Promise<boolean> {
    const label = `${req.method} ${url.pathname}`;
    if (!me) {
      // confirmations.js: a signed-out request is told `needauth`.
      json(res, 200, { success: false, needauth: true });
      return true;
    }
    // steamcommunity #371 (July 2026): mobileconf answers 429 to anything but the mobile app's client.
    const mobile =
      req.headers['user-agent'] === 'okhttp/4.9.2' && /mobileClient=android/.test(String(req.headers.cookie));
    if (!mobile || confirmationTooSoon(req, me, url.pathname)) {
      json(res, 429, null);
      return true;
    }
    if (label === 'GET /mobileconf/getlist') {
      if (url.searchParams.get('a') !== me || !(await keyMatches(me, url.searchParams, 'list'))) {
        json(res, 200, { success: false, message: 'Invalid authenticator' });
        return true;
      }
      const now = Date.now();
      const listed = (trading.confirmations.get(me) ?? []).filter((item) => item.visibleAt <= now);
      json(res, 200, { success: true, conf: listed.map(({ visibleAt: _, ...item }) => item) });
      return true;
    }
    if (label === 'POST /mobileconf/multiajaxop') {
      const fields = form(body);
      const op = fields.get('op') ?? '';
      if (trading.failingMultiConfirms > 0) {
        trading.failingMultiConfirms -= 1;
        json(res, 200, { success: false });
        return true;
      }
      if (!(await keyMatches(me, fields, op === 'allow' ? 'accept' : 'reject'))) {
        json(res, 200, { success: false });
        return true;
      }
      act(me, op, fields.getAll('cid[]'), fields.getAll('ck[]'), 'multiajaxop');
      if (trading.lostConfirmReplies > 0) {
        trading.lostConfirmReplies -= 1;
        req.socket.destroy();
        return true;
      }
      json(res, 200, { success: true });
      return true;
    }
    if (label === 'GET /mobileconf/ajaxop') {
      const query = url.searchParams;
      const op = query.get('op') ?? '';
      if (!(await keyMatches(me, query, op === 'allow' ? 'accept' : 'reject'))) {
        json(res, 200, { success: false });
        return true;
      }
      const done = act(me, op, [query.get('cid') ?? ''], [query.get('ck') ?? ''], 'ajaxop');
      json(res, 200, { success: done });
      return true;
    }
    return false;
  }

  function send(res: http.ServerResponse, me: string, fields: URLSearchParams) {
    if (!trading.acknowledged.has(me)) {
      json(res, 500, { strError: 'You must acknowledge Trade Protection before trading. (15)' });
      return;
    }
    const partner = fields.get('partner') ?? '';
    const refusal = trading.sendRefusals.get(partner);
    if (refusal) {
      json(res, 500, { strError: refusal });
      return;
    }
    const offer = JSON.parse(fields.get('json_tradeoffer') ?? '{}') as {
      me: { assets: FakeOffer['give'] };
      them: { assets: FakeOffer['receive'] };
    };
    const id = String(++nextOffer);
    const needsConfirmation = offer.me.assets.length > 0;
    trading.offers.set(id, {
      tradeofferid: id,
      sender: me,
      partner,
      message: fields.get('tradeoffermessage') ?? '',
      state: needsConfirmation ? 9 : 2,
      give: offer.me.assets,
      receive: offer.them.assets,
      created: Math.floor(Date.now() / 1000),
    });
    if (needsConfirmation) addConfirmation(me, id, 2, trading.limits.confirmationDelayMs);
    json(res, 200, { tradeofferid: id, ...(needsConfirmation ? { needs_mobile_confirmation: true } : {}) });
  }

  function offerAction(res: http.ServerResponse, me: string, offerId: string, action: string) {
    const offer = trading.offers.get(offerId);
    const allowed = offer && (action === 'cancel' ? offer.sender === me : offer.partner === me);
    if (!offer || !allowed || offer.state !== 2) {
      json(res, 500, { strError: 'There was an error accepting this trade offer. (11)' });
      return;
    }
    if (action === 'accept') {
      offer.state = 3;
      offer.tradeid = String(Number(offer.tradeofferid) + 1_000_000);
      json(res, 200, { tradeid: offer.tradeid });
    } else {
      offer.state = action === 'cancel' ? 6 : 7;
      json(res, 200, { tradeofferid: offer.tradeofferid });
    }
  }

  trading.route = async (req, url, body, res) => {
    for (const route of mounted) if (await route(req, url, body, res)) return true;
    const label = `${req.method} ${url.pathname}`;
    const scripted = trading.script.findIndex((item) => item.match === label);
    if (scripted >= 0) {
      const [answer] = trading.script.splice(scripted, 1);
      res.writeHead(answer!.status, { 'content-type': 'application/json', ...answer!.headers });
      res.end(answer!.body === undefined ? '' : JSON.stringify(answer!.body));
      return true;
    }
    const api = url.pathname.startsWith('/IEconService/');
    const inventoryPath = /^\/inventory\/(\d{17})\/(\d+)\/(\d+)$/.exec(url.pathname);
    const offerPath = /^\/tradeoffer\/(\d+)\/(accept|cancel|decline)$/.exec(url.pathname);
    const privacyPath = /^\/profiles\/(\d{17})\/tradeoffers\/privacy$/.exec(url.pathname);
    const confirmations = url.pathname.startsWith('/mobileconf/');
    const known =
      api || inventoryPath || offerPath || privacyPath || confirmations || url.pathname.startsWith('/trade');
    if (!known) return false;
    const me = who(req, url);
    if (inventoryPath) {
      inventory(req, res, url, me, inventoryPath[1]!, inventoryPath[2]!, inventoryPath[3]!);
      return true;
    }
    if (confirmations) return mobileconf(req, url, body, res, me);
    if (!me) {
      if (api) res.writeHead(401).end('<html>Unauthorized</html>');
      // TradeOffer.js `accept`: a 403 is "Not Logged In".
      else if (offerPath?.[2] === 'accept') res.writeHead(403).end('');
      else res.writeHead(302, { location: 'https://steamcommunity.com/login/home/?goto=' }).end();
      return true;
    }
    if (privacyPath && req.method === 'GET') {
      privacyPage(res, me, privacyPath[1]!);
      return true;
    }
    if (label === 'GET /IEconService/GetTradeHoldDurations/v1/') {
      const them = url.searchParams.get('steamid_target') ?? '';
      const seconds = (id: string) => ({
        escrow_end_duration_seconds: (trading.escrowDays.get(id) ?? 0) * 86400,
      });
      json(res, 200, {
        response: { my_escrow: seconds(me), their_escrow: seconds(them), both_escrow: seconds(me) },
      });
      return true;
    }
    if (label === 'GET /IEconService/GetTradeOffer/v1/') {
      const offer = trading.offers.get(url.searchParams.get('tradeofferid') ?? '');
      if (!offer || (offer.sender !== me && offer.partner !== me)) json(res, 200, { response: {} });
      else json(res, 200, { response: { offer: rawOffer(offer, me) } });
      return true;
    }
    if (label === 'GET /IEconService/GetTradeOffers/v1/') {
      offersPage(res, url, me);
      return true;
    }
    const fields = form(body);
    if (req.method === 'POST' && !sessionMatches(req, fields)) {
      json(res, 403, { success: false });
      return true;
    }
    if (label === 'POST /trade/new/acknowledge') {
      trading.acknowledged.add(me);
      json(res, 200, { success: 1 });
      return true;
    }
    if (label === 'POST /tradeoffer/new/send') {
      send(res, me, fields);
      return true;
    }
    if (offerPath) {
      offerAction(res, me, offerPath[1]!, offerPath[2]!);
      return true;
    }
    return false;
  };

  function addConfirmation(
    steamId: string,
    creatorId: string,
    type: number,
    delayMs: number,
    summary: string[] = [],
  ): FakeConfirmation {
    const list = trading.confirmations.get(steamId) ?? [];
    const id = String(++nextConfirmation);
    const typeName = TYPE_NAMES[type] ?? 'Confirmation';
    const added: FakeConfirmation = {
      id,
      nonce: `n${id}`,
      type,
      type_name: typeName,
      creator_id: creatorId,
      headline: typeName,
      summary,
      creation_time: Math.floor(Date.now() / 1000),
      visibleAt: Date.now() + delayMs,
    };
    list.push(added);
    trading.confirmations.set(steamId, list);
    return added;
  }

  return trading;
}
