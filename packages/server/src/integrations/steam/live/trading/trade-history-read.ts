/**
 * The Web API reads of trades, with the account's access token through its proxy, the way csfloat/extension
 * calls them (`src/lib/alarms/trade_history.ts`: `GetTradeHistory/v1/?access_token=…&max_trades=…`;
 * `src/lib/notary/types.ts`: `GetTradeStatus/v1/` with `tradeid`). Failed trades are asked for too
 * (`include_failed`), so a rolled-back trade is never filtered out by Steam.
 */

import type { TradeHistoryInput } from '../../trade-history-port.ts';
import { tradeFailure } from '../../trading/trade-failure.ts';
import type { WebAuth } from '../../trading-port.ts';
import type { SteamWebClient } from './steam-web-client.ts';
import { parseTradeHistory, parseTradeStatus } from './trade-history-json.ts';

export async function readTradeHistory(web: SteamWebClient, auth: WebAuth, input: TradeHistoryInput) {
  const answer = await web.json(auth, {
    method: 'GET',
    site: 'api',
    path: '/IEconService/GetTradeHistory/v1/',
    query: {
      max_trades: input.maxTrades,
      start_after_time: input.startAfterTime ? Math.floor(input.startAfterTime.getTime() / 1000) : undefined,
      get_descriptions: 0,
      include_failed: 1,
      include_total: 0,
    },
  });
  if (!answer.ok) return answer;
  const page = parseTradeHistory(answer.json);
  return page
    ? { ok: true as const, page }
    : tradeFailure('unknownError', { detail: 'trade history answered without a response' });
}

export async function readTradeStatus(web: SteamWebClient, auth: WebAuth, tradeId: string) {
  const answer = await web.json(auth, {
    method: 'GET',
    site: 'api',
    path: '/IEconService/GetTradeStatus/v1/',
    query: { tradeid: tradeId, get_descriptions: 0 },
  });
  if (!answer.ok) return answer;
  const trade = parseTradeStatus(answer.json, tradeId);
  return trade ? { ok: true as const, trade } : tradeFailure('offerNotFound');
}
