/**
 * Steam's trading endpoints for the fake Steam, written from the field notes (§4.2, §6, §7, §12): community
 * inventories paged by `count`/`start_assetid`, `/tradeoffer/*`, `/mobileconf/*` with the confirmation key
 * checked against the identity secret, `/trade/new/acknowledge`, the trade URL on
 * `/profiles/<steamid>/tradeoffers/privacy`, and `IEconService` offers and hold durations read with the access token. Sessions are the fake's own tokens; a scripted answer can replace any call once.
 */
import type http from 'node:http';
import { generateConfirmationKey } from '@tradedeck/sdk/domain';
import type { FakeRoute, FakeSteam } from './fake-steam.ts';

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
  creator_id: string;
  headline: string;
  creation_time: number;
}

export interface ScriptedAnswer {
  /** `METHOD path` the answer replaces once (the path without the query). */
  match: string;
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeTrading {
  route: FakeRoute;
  inventories: Map<string, FakeItem[]>;
  privateInventories: Set<string>;
  offers: Map<string, FakeOffer>;
  confirmations: Map<string, FakeConfirmation[]>;
  identitySecrets: Map<string, string>;
  escrowDays: Map<string, number>;
  /** The token of each account's trade URL (the privacy page shows no trade URL for an account without one). */
  tradeTokens: Map<string, string>;
  acknowledged: Set<string>;
  script: ScriptedAnswer[];
  /** `count`/`start_assetid` of every inventory page asked for. */
  pageRequests: { count: number; start: string | null }[];
  /** Confirmation ids answered, with the operation. */
  answered: { op: string; ids: string[] }[];
  /** Access tokens seen on trading calls, in order. */
  tokensSeen: string[];
}

const json = (
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

export function createFakeTrading(
  fake: () => FakeSteam,
): FakeTrading & { addForeignConfirmation(steamId: string, creatorId: string, type: number): void } {
  let nextOffer = 4_000_000_000;
  let nextConfirmation = 9_000_000;
  const trading: FakeTrading = {
    route: async () => false,
    inventories: new Map(),
    privateInventories: new Set(),
    offers: new Map(),
    confirmations: new Map(),
    identitySecrets: new Map(),
    escrowDays: new Map(),
    tradeTokens: new Map(),
    acknowledged: new Set(),
    script: [],
    pageRequests: [],
    answered: [],
    tokensSeen: [],
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

  function signedOut(res: http.ServerResponse, api: boolean) {
    if (api) res.writeHead(401).end('<html>Unauthorized</html>');
    else res.writeHead(302, { location: 'https://steamcommunity.com/login/home/?goto=' }).end();
  }

  const form = (body: string) => new URLSearchParams(body);
  const sessionMatches = (req: http.IncomingMessage, fields: URLSearchParams) =>
    new RegExp(`sessionid=${fields.get('sessionid')}(;|$)`).test(String(req.headers.cookie ?? ''));

  function inventory(
    res: http.ServerResponse,
    url: URL,
    reader: string,
    owner: string,
    app: string,
    ctx: string,
  ) {
    if (trading.privateInventories.has(owner) && owner !== reader) {
      res.writeHead(403, { 'content-type': 'application/json' }).end('null');
      return;
    }
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
    const accountId = BigInt(me) - 76561197960265728n;
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
      accountid_other: Number(BigInt(other) - 76561197960265728n),
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

  async function keyMatches(steamId: string, query: URLSearchParams, tag: string): Promise<boolean> {
    const secret = trading.identitySecrets.get(steamId);
    if (!secret) return false;
    return (await generateConfirmationKey(secret, Number(query.get('t')), tag)) === query.get('k');
  }

  trading.route = async (req, url, body, res) => {
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
    const known =
      api ||
      inventoryPath ||
      offerPath ||
      privacyPath ||
      url.pathname.startsWith('/mobileconf/') ||
      url.pathname.startsWith('/trade');
    if (!known) return false;
    const me = who(req, url);
    if (!me) {
      signedOut(res, api);
      return true;
    }
    if (inventoryPath) {
      inventory(res, url, me, inventoryPath[1]!, inventoryPath[2]!, inventoryPath[3]!);
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
      const cutoff = Number(url.searchParams.get('time_historical_cutoff') ?? 0);
      const all = [...trading.offers.values()].filter((offer) => offer.created >= cutoff);
      json(res, 200, {
        response: {
          trade_offers_sent:
            url.searchParams.get('get_sent_offers') === '1'
              ? all.filter((offer) => offer.sender === me).map((offer) => rawOffer(offer, me))
              : [],
          trade_offers_received:
            url.searchParams.get('get_received_offers') === '1'
              ? all
                  .filter((offer) => offer.partner === me && offer.state !== 9)
                  .map((offer) => rawOffer(offer, me))
              : [],
        },
      });
      return true;
    }
    const fields = form(body);
    if (req.method === 'POST' && !url.pathname.startsWith('/mobileconf/') && !sessionMatches(req, fields)) {
      json(res, 403, { success: false });
      return true;
    }
    if (label === 'POST /trade/new/acknowledge') {
      trading.acknowledged.add(me);
      json(res, 200, { success: 1 });
      return true;
    }
    if (label === 'POST /tradeoffer/new/send') {
      if (!trading.acknowledged.has(me)) {
        json(res, 500, { strError: 'You must acknowledge Trade Protection before trading. (15)' });
        return true;
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
        partner: fields.get('partner') ?? '',
        message: fields.get('tradeoffermessage') ?? '',
        state: needsConfirmation ? 9 : 2,
        give: offer.me.assets,
        receive: offer.them.assets,
        created: Math.floor(Date.now() / 1000),
      });
      if (needsConfirmation) addConfirmation(me, id);
      json(res, 200, { tradeofferid: id, ...(needsConfirmation ? { needs_mobile_confirmation: true } : {}) });
      return true;
    }
    if (offerPath) {
      const offer = trading.offers.get(offerPath[1]!);
      const [, , action] = offerPath;
      const allowed = offer && (action === 'cancel' ? offer.sender === me : offer.partner === me);
      if (!offer || !allowed || offer.state !== 2) {
        json(res, 500, { strError: 'There was an error accepting this trade offer. (11)' });
        return true;
      }
      if (action === 'accept') {
        offer.state = 3;
        offer.tradeid = String(Number(offer.tradeofferid) + 1_000_000);
        json(res, 200, { tradeid: offer.tradeid });
      } else {
        offer.state = action === 'cancel' ? 6 : 7;
        json(res, 200, { tradeofferid: offer.tradeofferid });
      }
      return true;
    }
    if (label === 'GET /mobileconf/getlist') {
      const mobile =
        req.headers['user-agent'] === 'okhttp/4.9.2' &&
        /mobileClient=android/.test(String(req.headers.cookie));
      if (!mobile) {
        json(res, 429, null);
        return true;
      }
      if (url.searchParams.get('a') !== me || !(await keyMatches(me, url.searchParams, 'list'))) {
        json(res, 200, { success: false, message: 'Invalid authenticator' });
        return true;
      }
      json(res, 200, { success: true, conf: trading.confirmations.get(me) ?? [] });
      return true;
    }
    if (label === 'POST /mobileconf/multiajaxop') {
      const op = fields.get('op') ?? '';
      if (!(await keyMatches(me, fields, op === 'allow' ? 'accept' : 'reject'))) {
        json(res, 200, { success: false });
        return true;
      }
      const ids = fields.getAll('cid[]');
      const nonces = fields.getAll('ck[]');
      const own = trading.confirmations.get(me) ?? [];
      trading.answered.push({ op, ids });
      for (const [index, id] of ids.entries()) {
        const found = own.find((item) => item.id === id && item.nonce === nonces[index]);
        if (!found) continue;
        own.splice(own.indexOf(found), 1);
        const offer = trading.offers.get(found.creator_id);
        if (offer?.state === 9) offer.state = op === 'allow' ? 2 : 10;
      }
      json(res, 200, { success: true });
      return true;
    }
    return false;
  };

  function addConfirmation(steamId: string, creatorId: string, type = 2) {
    const list = trading.confirmations.get(steamId) ?? [];
    const id = String(++nextConfirmation);
    list.push({
      id,
      nonce: `n${id}`,
      type,
      creator_id: creatorId,
      headline: type === 2 ? 'Trade offer' : 'Market listing',
      creation_time: Math.floor(Date.now() / 1000),
    });
    trading.confirmations.set(steamId, list);
  }

  return Object.assign(trading, {
    /** A confirmation we did not create (another offer, or a market listing). */
    addForeignConfirmation: (steamId: string, creatorId: string, type: number) =>
      addConfirmation(steamId, creatorId, type),
  });
}
