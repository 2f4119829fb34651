/**
 * The market port against TM v2 (market.csgo.com or a sister host). Every write carries `cur` (the account's
 * currency: TM cancels an operation in another one) and integer units of that currency; an amount in another
 * currency is refused before anything is sent. Mass calls answer one outcome per input, read item by item.
 */
import type { Currency, TradeGame } from '@tradedeck/sdk/domain';
import type { SteamProxy } from '../../steam/port.ts';
import type {
  ListingWrite,
  MarketCredentials,
  MarketItemOutcome,
  MarketPort,
  MarketResult,
  MoneySendInput,
  PingInput,
  PriceWrite,
} from '../port.ts';
import { failure, refusedWrite, TM_BATCH_LIMIT } from '../write-guard.ts';
import type { TmClient } from './tm-client.ts';
import { reasonOfTmError } from './tm-errors.ts';
import {
  asksOf,
  deliveryOf,
  historyEntryOf,
  inventoryItemOf,
  list,
  listingOf,
  moneySendHistoryEntryOf,
  moneySendRecordOf,
} from './tm-json.ts';
import { unitsFromMajor } from './tm-units.ts';

type Empty = Record<never, never>;

export class LiveMarketAdapter implements MarketPort {
  readonly mode = 'live' as const;
  readonly platform = 'tm' as const;

  constructor(
    private readonly client: TmClient,
    /** The game of the configured host (market.csgo.com: CS2). */
    private readonly game: TradeGame = 'cs2',
    private readonly now: () => number = Date.now,
  ) {}

  async balance(creds: MarketCredentials) {
    const answer = await this.client.call(creds, {
      name: 'get-money',
      method: 'GET',
      path: 'get-money',
      retry: 'read',
    });
    if (!answer.ok) return answer;
    const currency: Currency = isOwnCurrency(answer.body.currency) ? answer.body.currency : creds.currency;
    const available = unitsFromMajor(answer.body.money, currency);
    const onHold = unitsFromMajor(answer.body.money_settlement ?? 0, currency);
    if (!available || !onHold) return failure('unknownError', { detail: 'get-money answered no amount' });
    return { ok: true as const, balance: { available, onHold }, currency };
  }

  async statusFlags(creds: MarketCredentials) {
    const answer = await this.client.call(creds, {
      name: 'test',
      method: 'GET',
      path: 'test',
      retry: 'read',
    });
    if (!answer.ok) return answer;
    const status = (answer.body.status ?? {}) as Record<string, unknown>;
    return {
      ok: true as const,
      flags: {
        userToken: status.user_token === true,
        tradeCheck: status.trade_check === true,
        siteOnline: status.site_online === true,
        notMarketBanned: status.site_notmpban === true,
      },
    };
  }

  async ping(creds: MarketCredentials, input: PingInput) {
    const proxy = input.proxy ?? creds.proxy ?? null;
    const answer = await this.client.call(creds, {
      name: 'ping-new',
      method: 'POST',
      path: 'ping-new',
      json: { access_token: input.steamAccessToken, ...(proxy ? { proxy: proxyField(proxy) } : {}) },
      retry: 'idempotent',
    });
    if (answer.ok) {
      return {
        ok: true as const,
        online: answer.body.online === true,
        p2p: answer.body.p2p === true,
        tooEarly: false,
      };
    }
    // The previous ping still holds: benign.
    if (/too early/i.test(answer.detail ?? ''))
      return { ok: true as const, online: true, p2p: true, tooEarly: true };
    return answer;
  }

  goOffline(creds: MarketCredentials) {
    return this.empty(creds, 'go-offline', {}, 'idempotent');
  }

  async steamId(creds: MarketCredentials) {
    const answer = await this.client.call(creds, {
      name: 'get-my-steam-id',
      method: 'GET',
      path: 'get-my-steam-id',
      retry: 'read',
    });
    if (!answer.ok) return answer;
    return { ok: true as const, steamId: String(answer.body.steamid64 ?? '') };
  }

  setTradeToken(creds: MarketCredentials, token: string) {
    return this.empty(creds, 'set-trade-token', { token }, 'idempotent');
  }

  /** TM's account API page: `get-token` answers `{success, token}`, the trade token TM sends offers with. */
  async tradeToken(creds: MarketCredentials) {
    const answer = await this.client.call(creds, {
      name: 'get-token',
      method: 'GET',
      path: 'get-token',
      retry: 'read',
    });
    if (!answer.ok) return answer;
    const token = answer.body.token;
    return { ok: true as const, token: typeof token === 'string' && token !== '' ? token : null };
  }

  async listings(creds: MarketCredentials) {
    const answer = await this.client.call(creds, {
      name: 'items',
      method: 'GET',
      path: 'items',
      retry: 'read',
    });
    if (!answer.ok) return answer;
    return {
      ok: true as const,
      listings: list(answer.body.items).map((item) => listingOf(item, creds.currency, this.game)),
    };
  }

  async inventory(creds: MarketCredentials) {
    const answer = await this.client.call(creds, {
      name: 'my-inventory',
      method: 'GET',
      path: 'my-inventory',
      retry: 'read',
    });
    if (!answer.ok) return answer;
    return {
      ok: true as const,
      items: list(answer.body.items).map((item) => inventoryItemOf(item, creds.currency, this.game)),
    };
  }

  updateInventory(creds: MarketCredentials) {
    return this.empty(creds, 'update-inventory', {}, 'idempotent');
  }

  async addToSale(
    creds: MarketCredentials,
    items: ListingWrite[],
  ): Promise<MarketResult<{ outcomes: MarketItemOutcome<{ itemId: string }>[] }>> {
    const refused = refusedWrite(
      creds.currency,
      items.map((item) => item.price),
    );
    if (refused) return refused;
    if (items.length === 0) return { ok: true, outcomes: [] };
    const answer = await this.client.call(creds, {
      name: 'mass-add-to-sale',
      method: 'POST',
      path: 'mass-add-to-sale',
      query: { cur: creds.currency },
      json: { items: items.map((item) => ({ asset: item.assetId, price: item.price.amount })) },
      retry: 'mutate',
    });
    if (!answer.ok) return answer;
    const outcomes = perItem(
      items.map((item) => item.assetId),
      list(answer.body.items),
      'asset',
      (row) => ({ itemId: String(row.item_id ?? '') }),
    );
    // TM's sell page: an item it does not see in the inventory is listed again only after update-inventory.
    if (outcomes.some((outcome) => !outcome.ok && outcome.reason === 'itemNotInInventory')) {
      await this.updateInventory(creds);
    }
    return { ok: true, outcomes };
  }

  async setPrices(
    creds: MarketCredentials,
    writes: PriceWrite[],
  ): Promise<MarketResult<{ outcomes: MarketItemOutcome<Empty>[] }>> {
    const refused = refusedWrite(
      creds.currency,
      writes.map((write) => write.price),
    );
    if (refused) return refused;
    if (writes.length === 0) return { ok: true, outcomes: [] };
    const answer = await this.client.call(creds, {
      name: 'mass-set-price',
      method: 'POST',
      path: 'mass-set-price',
      query: { cur: creds.currency },
      json: { items: writes.map((write) => ({ item_id: write.itemId, price: write.price.amount })) },
      retry: 'idempotent',
    });
    if (!answer.ok) return answer;
    return {
      ok: true,
      outcomes: perItem(
        writes.map((write) => write.itemId),
        list(answer.body.items),
        'item_id',
        () => ({}),
      ),
    };
  }

  async asks(creds: MarketCredentials, marketHashNames: string[]) {
    if (marketHashNames.length > TM_BATCH_LIMIT) {
      return failure('badRequest', { detail: `at most ${TM_BATCH_LIMIT} names per call` });
    }
    if (marketHashNames.length === 0) return { ok: true as const, asks: [] };
    const answer = await this.client.call(creds, {
      name: 'search-list-items-by-hash-name-all',
      method: 'GET',
      path: 'search-list-items-by-hash-name-all',
      query: { 'list_hash_name[]': marketHashNames },
      retry: 'read',
    });
    if (!answer.ok) return answer;
    const currency = isOwnCurrency(answer.body.currency) ? answer.body.currency : creds.currency;
    return {
      ok: true as const,
      asks: asksOf(answer.body.data, marketHashNames, currency, new Date(this.now())),
    };
  }

  async deliveryRequests(creds: MarketCredentials) {
    const answer = await this.client.call(creds, {
      name: 'trade-request-give-p2p-all',
      method: 'GET',
      path: 'trade-request-give-p2p-all',
      retry: 'read',
    });
    if (!answer.ok) {
      // "nothing": no sold item waits for an offer.
      if (answer.detail === 'nothing') return { ok: true as const, requests: [] };
      return answer;
    }
    return { ok: true as const, requests: list(answer.body.offers).map(deliveryOf) };
  }

  tradeReady(creds: MarketCredentials, offerId: string) {
    return this.empty(creds, 'trade-ready', { tradeoffer: offerId }, 'idempotent');
  }

  async history(creds: MarketCredentials, from: Date, to: Date) {
    const answer = await this.client.call(creds, {
      name: 'history',
      method: 'GET',
      path: 'history',
      query: { date: Math.floor(from.getTime() / 1000), date_end: Math.floor(to.getTime() / 1000) },
      retry: 'read',
    });
    if (!answer.ok) return answer;
    return {
      ok: true as const,
      entries: list(answer.body.data).map((row) => historyEntryOf(row, creds.currency, this.game)),
    };
  }

  async sendMoney(creds: MarketCredentials, input: MoneySendInput) {
    if (input.amount.currency !== creds.currency) {
      return failure('currencyMismatch', { detail: 'the amount must be in the sender account currency' });
    }
    if (!Number.isSafeInteger(input.amount.amount) || input.amount.amount <= 0) {
      return failure('badRequest', { detail: 'the amount must be a positive whole number of units' });
    }
    const answer = await this.client.call(creds, {
      name: 'money-send',
      method: 'GET',
      path: `money-send/${input.amount.amount}/${encodeURIComponent(input.receiverApiKey)}`,
      query: { pay_pass: input.paymentPassword, custom_id: input.customId },
      retry: 'money',
    });
    if (!answer.ok) return answer;
    return {
      ok: true as const,
      record: {
        customId: input.customId,
        amount: input.amount,
        status: 'done' as const,
        time: new Date(this.now()),
      },
    };
  }

  async moneySendByCustomId(creds: MarketCredentials, customId: string) {
    const answer = await this.client.call(creds, {
      name: 'get-info-money-send-by-custom-id',
      method: 'GET',
      path: 'get-info-money-send-by-custom-id',
      query: { custom_id: customId },
      retry: 'read',
    });
    if (!answer.ok) {
      // TM knows no send with this id: it never happened.
      if (/not.?found|no_such|nothing/i.test(answer.detail ?? '')) return { ok: true as const, record: null };
      return answer;
    }
    return { ok: true as const, record: moneySendRecordOf(answer.body, customId, creds.currency) };
  }

  /** The page is a path segment, as the clients that read it call it (`money-send-history/0`). */
  async moneySendHistory(creds: MarketCredentials, page: number) {
    const answer = await this.client.call(creds, {
      name: 'money-send-history',
      method: 'GET',
      path: `money-send-history/${Math.max(0, Math.trunc(page))}`,
      retry: 'read',
    });
    if (!answer.ok) return answer;
    return {
      ok: true as const,
      entries: list(answer.body.data).map((row) => moneySendHistoryEntryOf(row, creds.currency)),
    };
  }

  changeCurrency(creds: MarketCredentials, to: Currency) {
    return this.empty(creds, 'change-currency', {}, 'mutate', `change-currency/${to}`);
  }

  private async empty(
    creds: MarketCredentials,
    name: string,
    query: Record<string, string>,
    retry: 'idempotent' | 'mutate',
    path = name,
  ): Promise<MarketResult<Empty>> {
    const answer = await this.client.call(creds, { name, method: 'GET', path, query, retry });
    return answer.ok ? { ok: true } : answer;
  }
}

function isOwnCurrency(value: unknown): value is Currency {
  return value === 'RUB' || value === 'USD' || value === 'EUR';
}

/**
 * One outcome per input of a mass call, in the inputs' order: TM's envelope says success even when items fail,
 * so each item's own result (matched by `field`) decides.
 */
function perItem<T extends object>(
  keys: readonly string[],
  results: Record<string, unknown>[],
  field: string,
  success: (row: Record<string, unknown>) => T,
): MarketItemOutcome<T>[] {
  return keys.map((key): MarketItemOutcome<T> => {
    const row = results.find((result) => String(result[field]) === key);
    if (!row) return { ok: false, reason: 'unknownError', detail: 'no result for this item' };
    if (row.success !== true) {
      return {
        ok: false,
        reason: reasonOfTmError(row.error),
        ...(row.error ? { detail: String(row.error) } : {}),
      };
    }
    return { ok: true, ...success(row) };
  });
}

/** ping-new takes the proxy as `scheme://user:pass@host:port` (TM dials it itself, so the scheme is the plain one). */
function proxyField(proxy: SteamProxy): string {
  const credentials =
    proxy.username !== null
      ? `${encodeURIComponent(proxy.username)}:${encodeURIComponent(proxy.password ?? '')}@`
      : '';
  return `${proxy.protocol}://${credentials}${proxy.host}:${proxy.port}`;
}
