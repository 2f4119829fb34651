/**
 * Trades (not offers) as Steam's Web API answers them, mounted beside the fake Steam (`chainRoutes`):
 * `IEconService/GetTradeHistory/v1/` and `GetTradeStatus/v1/`, signed in by the `access_token` query parameter.
 * Written from the clients that read them, not from our adapter:
 * - csfloat/extension `src/lib/alarms/trade_history.ts`: `?access_token=…&max_trades=…`, the answer
 *   `{ response: { trades: [{ tradeid, steamid_other, status, time_init, assets_given, assets_received,
 *   rollback_trade }] } }`, assets as `{ appid, assetid, new_assetid }`; without `include_failed` the rows
 *   shown are trades that happened (csfloat keeps 2, 3 and 12).
 * - csfloat/extension `src/lib/alarms/rollback.ts` and `src/lib/types/steam_constants.ts`: a trade rolled back
 *   under Trade Protection is updated to status 12 (undocumented) and a new complete trade sends the items back,
 *   carrying `rollback_trade` = the original trade id; the offer itself stays Accepted.
 * - steam-tradeoffer-manager `lib/classes/TradeOffer.js` `getExchangeDetails`: GetTradeStatus with `tradeid`
 *   answers `response.trades[0]`.
 */
import type http from 'node:http';
import type { FakeRoute, FakeSteam } from './fake-steam.ts';

export interface FakeTradeAsset {
  appid: number;
  contextid: string;
  assetid: string;
  new_assetid?: string;
}

/** A trade as both parties' histories show it (each from its own side). */
export interface FakeTrade {
  tradeid: string;
  /** The party who sent the offer. */
  sender: string;
  partner: string;
  /** What the sender gave and received. */
  senderGave: FakeTradeAsset[];
  senderGot: FakeTradeAsset[];
  time_init: number;
  status: number;
  rollback_trade?: string;
}

export interface FakeTradeHistory {
  route: FakeRoute;
  trades: FakeTrade[];
  /** `steamId method` of every history or status request answered. */
  calls: string[];
  /** Adds a completed trade; answers it. */
  trade(input: Omit<FakeTrade, 'status' | 'time_init'> & { time_init?: number }): FakeTrade;
  /** The sender undoes a trade: it reads 12, and a new complete trade sends the items back. */
  rollBack(tradeid: string): FakeTrade;
}

const COMPLETE = 3;
const ROLLBACK = 12;
const FAILED_STATUSES = new Set([0, 4]);

export function createFakeTradeHistory(fake: () => FakeSteam): FakeTradeHistory {
  let nextTrade = 6_100_000_000;
  const history: FakeTradeHistory = {
    route: async () => false,
    trades: [],
    calls: [],
    trade(input) {
      const trade: FakeTrade = { time_init: Math.floor(Date.now() / 1000), ...input, status: COMPLETE };
      history.trades.push(trade);
      return trade;
    },
    rollBack(tradeid) {
      const original = history.trades.find((trade) => trade.tradeid === tradeid);
      if (!original) throw new Error(`no trade ${tradeid}`);
      original.status = ROLLBACK;
      const back: FakeTrade = {
        tradeid: String(++nextTrade),
        sender: original.sender,
        partner: original.partner,
        senderGave: original.senderGot,
        senderGot: original.senderGave,
        time_init: Math.floor(Date.now() / 1000),
        status: COMPLETE,
        rollback_trade: original.tradeid,
      };
      history.trades.push(back);
      return back;
    },
  };

  /** A trade from one party's side: the other party, what this side gave and received. */
  function seenBy(trade: FakeTrade, steamId: string) {
    const sent = trade.sender === steamId;
    return {
      tradeid: trade.tradeid,
      steamid_other: sent ? trade.partner : trade.sender,
      status: trade.status,
      time_init: trade.time_init,
      assets_given: sent ? trade.senderGave : trade.senderGot,
      assets_received: sent ? trade.senderGot : trade.senderGave,
      ...(trade.rollback_trade ? { rollback_trade: trade.rollback_trade } : {}),
    };
  }

  function answer(res: http.ServerResponse, body: unknown) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  history.route = async (req, url, _body, res) => {
    const method = /^\/IEconService\/(GetTradeHistory|GetTradeStatus)\/v1\/$/.exec(url.pathname)?.[1];
    if (!method || req.method !== 'GET') return false;
    // The Web API is signed in by the access token alone (steam-tradeoffer-manager #348, csfloat's calls).
    const me = fake().verifyAccessToken(url.searchParams.get('access_token') ?? '')?.sub;
    if (!me) {
      res.writeHead(401).end('<html>Unauthorized</html>');
      return true;
    }
    history.calls.push(`${me} ${method}`);
    const mine = history.trades
      .filter((trade) => trade.sender === me || trade.partner === me)
      .sort((x, y) => y.time_init - x.time_init || Number(y.tradeid) - Number(x.tradeid));
    if (method === 'GetTradeStatus') {
      const trade = mine.find((item) => item.tradeid === url.searchParams.get('tradeid'));
      answer(res, { response: { trades: trade ? [seenBy(trade, me)] : [] } });
      return true;
    }
    const includeFailed = ['1', 'true'].includes(url.searchParams.get('include_failed') ?? '');
    const before = Number(url.searchParams.get('start_after_time') ?? 0);
    const max = Math.max(1, Number(url.searchParams.get('max_trades') ?? 100));
    const shown = mine
      .filter((trade) => includeFailed || !FAILED_STATUSES.has(trade.status))
      .filter((trade) => before === 0 || trade.time_init < before);
    answer(res, {
      response: { more: shown.length > max, trades: shown.slice(0, max).map((trade) => seenBy(trade, me)) },
    });
    return true;
  };
  return history;
}

/** Routes tried in order: the first that handles a request answers it. */
export function chainRoutes(...routes: (() => FakeRoute)[]): FakeRoute {
  return async (req, url, body, res) => {
    for (const route of routes) if (await route()(req, url, body, res)) return true;
    return false;
  };
}
