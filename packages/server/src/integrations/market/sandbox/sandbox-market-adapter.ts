/**
 * The market port over the sandbox market: resolves the key (the failure keys answer as a broken TM), applies the
 * currency guard and TM's rules (50 per batch, one price change a minute per listing, the payment password), and
 * brings the simulated market up to the clock before answering.
 */
import type { Currency, Money } from '@tradedeck/sdk/domain';
import type { Clock } from '../../steam/clock.ts';
import { SANDBOX_STEAM_OFFSET_S } from '../../steam/sandbox/sandbox-adapter.ts';
import { verifySandboxAccessToken } from '../../steam/sandbox/sandbox-tokens.ts';
import { waxpeerSaleHash } from '../live/waxpeer-json.ts';
import type {
  ListingWrite,
  MarketCredentials,
  MarketFailure,
  MarketItemOutcome,
  MarketPlatform,
  MarketPort,
  MarketResult,
  MoneySendInput,
  PingInput,
  PriceWrite,
} from '../port.ts';
import { failure, refusedWrite, TM_BATCH_LIMIT } from '../write-guard.ts';
import { competitorAsks, sandboxReferencePrice } from './sandbox-demand.ts';
import type { SandboxMarket, SandboxMarketAccount } from './sandbox-market.ts';
import { SANDBOX_MARKET_FAILURE_KEYS } from './sandbox-market-keys.ts';
import { convertAtSandboxRate } from './sandbox-rates.ts';

/** TM refuses a currency change within this time of the last one (code 1007). */
const CURRENCY_CHANGE_SPACING_MS = 24 * 60 * 60_000;

type Empty = Record<never, never>;

/** Waxpeer's time to create the trade after a sale. */
const WAXPEER_SEND_WINDOW_MS = 6 * 60_000;

export class SandboxMarketAdapter implements MarketPort {
  readonly mode = 'sandbox' as const;
  /** What the sandbox plays: TM, or Waxpeer (its sales carry a 6-minute `send_until` and a hash of its own). */
  readonly platform: MarketPlatform;
  get priceChangeSpacingMs(): number {
    return this.market.priceChangeSpacingMs;
  }

  constructor(
    readonly market: SandboxMarket,
    private readonly clock: Clock,
    platform: MarketPlatform = 'tm',
  ) {
    this.platform = platform;
  }

  /** Brings buyers, deliveries and settlements up to the clock (the seller loop's calls do it too). */
  tick(): void {
    this.market.advance(this.clock.now());
  }

  async balance(creds: MarketCredentials) {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    return {
      ok: true as const,
      currency: account.currency,
      balance: {
        available: { currency: account.currency, amount: account.available },
        onHold: { currency: account.currency, amount: account.onHold },
      },
    };
  }

  async statusFlags(creds: MarketCredentials) {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    const now = this.clock.now();
    return {
      ok: true as const,
      flags: {
        userToken: account.tradeToken !== null,
        tradeCheck: account.steam.trading !== 'tradeBan',
        siteOnline: this.market.isOnline(account, now),
        notMarketBanned: !this.market.sellingBanned(account),
      },
    };
  }

  async ping(creds: MarketCredentials, input: PingInput) {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    const now = this.clock.now();
    const steamSeconds = Math.floor(now / 1000) + SANDBOX_STEAM_OFFSET_S;
    const claims = verifySandboxAccessToken(this.market.world.seed, input.steamAccessToken, steamSeconds);
    if (!claims || claims.sub !== account.steam.steamId) {
      return failure('badRequest', { detail: 'access_token is not a valid Steam token of this account' });
    }
    if (account.steam.trading === 'tradeBan') {
      return failure('tradeRestricted', { detail: 'You cant trade until the Steam trade ban ends' });
    }
    this.market.ping(account, now);
    return { ok: true as const, online: true, p2p: true, tooEarly: false };
  }

  async goOffline(creds: MarketCredentials): Promise<MarketResult<Empty>> {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    this.market.goOffline(account);
    return { ok: true };
  }

  async steamId(creds: MarketCredentials) {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    return { ok: true as const, steamId: account.steam.steamId };
  }

  async setTradeToken(creds: MarketCredentials, token: string): Promise<MarketResult<Empty>> {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    if (token !== this.market.world.trading.tradeToken(account.steam.steamId)) {
      return failure('badRequest', { detail: 'bad_token' });
    }
    this.market.setTradeToken(account, token);
    return { ok: true };
  }

  async tradeToken(creds: MarketCredentials) {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    return { ok: true as const, token: account.tradeToken };
  }

  async listings(creds: MarketCredentials) {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    const now = this.clock.now();
    return {
      ok: true as const,
      listings: this.market.listingsOf(account).map((listing) => this.market.listingView(listing, now)),
    };
  }

  async inventory(creds: MarketCredentials) {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    const now = this.clock.now();
    const inventories = this.market.world.trading.inventories;
    const listed = this.market.listedAssets(account);
    const items = this.market
      .steamItems(account, now)
      .filter(({ asset }) => !listed.has(asset.assetId))
      .map(({ asset, game }) => {
        const item = inventories.toItem(asset, now);
        return {
          assetId: item.assetId,
          classId: item.classId,
          instanceId: item.instanceId,
          marketHashName: item.marketHashName,
          game,
          tradable: item.tradable,
          marketPrice: item.referencePrice
            ? convertAtSandboxRate(item.referencePrice, account.currency)
            : null,
        };
      });
    return { ok: true as const, items };
  }

  async updateInventory(creds: MarketCredentials): Promise<MarketResult<Empty>> {
    const account = this.resolve(creds);
    return 'ok' in account ? account : { ok: true };
  }

  async addToSale(
    creds: MarketCredentials,
    items: ListingWrite[],
  ): Promise<MarketResult<{ outcomes: MarketItemOutcome<{ itemId: string }>[] }>> {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    const refused = this.refuseBatch(
      account,
      creds,
      items.map((item) => item.price),
    );
    if (refused) return refused;
    const now = this.clock.now();
    const tradable = new Map(this.market.steamItems(account, now).map((item) => [item.asset.assetId, item]));
    const listed = this.market.listedAssets(account);
    return {
      ok: true,
      outcomes: items.map((write): MarketItemOutcome<{ itemId: string }> => {
        const found = tradable.get(write.assetId);
        if (!found) return { ok: false, reason: 'itemNotInInventory', detail: 'item_not_in_inventory' };
        if (listed.has(write.assetId)) return { ok: false, reason: 'badRequest', detail: 'bad_input' };
        if (write.price.amount <= 0) return { ok: false, reason: 'badRequest', detail: 'bad_request' };
        listed.add(write.assetId);
        return { ok: true, itemId: this.market.list(account, found.asset, found.game, write.price, now) };
      }),
    };
  }

  async setPrices(
    creds: MarketCredentials,
    writes: PriceWrite[],
  ): Promise<MarketResult<{ outcomes: MarketItemOutcome<Empty>[] }>> {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    const refused = this.refuseBatch(
      account,
      creds,
      writes.map((write) => write.price),
    );
    if (refused) return refused;
    const now = this.clock.now();
    return {
      ok: true,
      outcomes: writes.map((write): MarketItemOutcome<Empty> => {
        const listing = this.market.listing(account, write.itemId);
        if (listing?.status !== 'onSale') return { ok: false, reason: 'unknownItem', detail: 'bad_item' };
        if (this.market.refusesWrites(write.itemId))
          return { ok: false, reason: 'badRequest', detail: 'bad_item' };
        if (write.price.amount !== 0 && now - listing.priceSetAt < this.market.priceChangeSpacingMs) {
          return { ok: false, reason: 'rateLimited', detail: 'too_often' };
        }
        this.market.reprice(listing, write.price, now);
        return { ok: true };
      }),
    };
  }

  async asks(creds: MarketCredentials, marketHashNames: string[]) {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    if (marketHashNames.length > TM_BATCH_LIMIT) return failure('badRequest', { detail: 'too many names' });
    const now = this.clock.now();
    const seed = this.market.world.seed;
    const asks = marketHashNames.map((name) => {
      const listed = this.market.onSaleByName(name);
      const referenceUsd = listed[0]?.referenceUsd ?? sandboxReferencePrice(name);
      const moved = this.market.competitorOverride(name);
      const simulated = referenceUsd === null ? [] : competitorAsks(seed, name, referenceUsd, now);
      const competitors = moved
        ? moved.map((priceUsd, index) => ({ itemId: `sbm${index}`, priceUsd }))
        : simulated;
      const others = competitors.map((ask) => ({
        itemId: ask.itemId,
        price: convertAtSandboxRate({ currency: 'USD', amount: ask.priceUsd }, account.currency),
      }));
      const ours = listed.map((listing) => ({
        itemId: listing.itemId,
        price: convertAtSandboxRate(listing.price, account.currency),
      }));
      return {
        marketHashName: name,
        asks: [...others, ...ours].sort((a, b) => a.price.amount - b.price.amount),
        fetchedAt: new Date(now),
      };
    });
    return { ok: true as const, asks };
  }

  async deliveryRequests(creds: MarketCredentials) {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    const requests = this.market.deliveries(account);
    if (this.platform === 'tm') return { ok: true as const, requests };
    // Waxpeer cancels a sale with no trade created after 6 minutes (DarkGL/waxpeer `buyItemWithId`).
    return {
      ok: true as const,
      requests: requests.map((request) => ({
        ...request,
        hash: waxpeerSaleHash(request.hash),
        sendUntil: new Date(this.market.soldAt(account, request.hash) + WAXPEER_SEND_WINDOW_MS),
      })),
    };
  }

  async tradeReady(creds: MarketCredentials, offerId: string): Promise<MarketResult<Empty>> {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    this.market.tradeReady(account, offerId, this.clock.now());
    return { ok: true };
  }

  async history(creds: MarketCredentials, from: Date, to: Date) {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    const entries = account.history
      .filter((entry) => entry.time >= from && entry.time <= to)
      .map((entry) => ({
        ...entry,
        received: { ...entry.received },
        ...(entry.paid ? { paid: { ...entry.paid } } : {}),
      }));
    return { ok: true as const, entries };
  }

  async sendMoney(creds: MarketCredentials, input: MoneySendInput) {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    if (input.amount.currency !== account.currency) return failure('currencyMismatch');
    if (!Number.isSafeInteger(input.amount.amount) || input.amount.amount <= 0) return failure('badRequest');
    if (input.paymentPassword !== account.paymentPassword) {
      return failure('wrongPaymentPassword', { detail: 'wrong_payment_password' });
    }
    const receiver = this.market.existing(input.receiverApiKey);
    if (!receiver || receiver === account) return failure('receiverNotFound', { detail: 'bad_receiver' });
    if (account.transfersBlocked || receiver.transfersBlocked) {
      return failure('transferNotSupported', { detail: 'transfer not allowed for this account' });
    }
    if (account.sends.has(input.customId)) return failure('badRequest', { detail: 'custom_id already used' });
    if (account.available < input.amount.amount)
      return failure('insufficientFunds', { detail: 'not_enough_money' });
    const record = this.market.transfer(account, receiver, input.amount, input.customId, this.clock.now());
    return { ok: true as const, record: { ...record, amount: { ...record.amount } } };
  }

  async moneySendByCustomId(creds: MarketCredentials, customId: string) {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    const record = account.sends.get(customId);
    return { ok: true as const, record: record ? { ...record } : null };
  }

  async moneySendHistory(creds: MarketCredentials, page: number) {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    const entries =
      page > 0
        ? []
        : [...account.sends.values()].reverse().map((record) => ({
            id: record.customId,
            amount: { ...record.amount },
            to: '',
            time: record.time,
          }));
    return { ok: true as const, entries };
  }

  async changeCurrency(creds: MarketCredentials, to: Currency): Promise<MarketResult<Empty>> {
    const account = this.resolve(creds);
    if ('ok' in account) return account;
    const now = this.clock.now();
    if (account.currency === to) return failure('currencyChangeRefused', { detail: '1004' });
    if (this.market.hasActivity(account)) return failure('currencyChangeRefused', { detail: '1001' });
    if (account.currencyChangedAt !== null && now - account.currencyChangedAt < CURRENCY_CHANGE_SPACING_MS) {
      return failure('currencyChangeRefused', { detail: '1007' });
    }
    this.market.changeCurrency(account, to, now);
    return { ok: true };
  }

  /** The key's account brought up to now, or the failure TM would answer. */
  private resolve(creds: MarketCredentials): SandboxMarketAccount | MarketFailure {
    if (creds.apiKey === SANDBOX_MARKET_FAILURE_KEYS.offline) {
      return failure('marketUnavailable', { httpStatus: 502 });
    }
    if (creds.apiKey === SANDBOX_MARKET_FAILURE_KEYS.rateLimited) {
      return failure('rateLimited', { httpStatus: 429, retryAfter: new Date(this.clock.now() + 10_000) });
    }
    const now = this.clock.now();
    // Every call is counted per key as the market sees it; past the key limit (when set) it is refused like TM's.
    if (!this.market.traffic.call(creds.apiKey, now)) {
      const windowMs = this.market.traffic.keyLimit?.windowMs ?? 1_000;
      return failure('rateLimited', { httpStatus: 429, retryAfter: new Date(now + windowMs) });
    }
    const account = this.market.account(creds.apiKey, creds.currency);
    if (!account) return failure('badKey', { detail: 'Bad KEY' });
    this.market.advance(now);
    return account;
  }

  /** TM's currency guard (`cur` differs from the account's: the operation is cancelled) and the write rules. */
  private refuseBatch(
    account: SandboxMarketAccount,
    creds: MarketCredentials,
    prices: readonly Money[],
  ): MarketFailure | null {
    if (creds.currency !== account.currency) {
      return failure('currencyMismatch', { detail: `the account is in ${account.currency}` });
    }
    return refusedWrite(account.currency, prices);
  }
}
