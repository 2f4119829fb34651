import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { PlatformReason, SellerAccountStatus } from '@tradedeck/sdk/domain';
import type { Clock } from '../../clock.ts';
import type { MarketCredentials, MarketFailure, MarketPort } from '../../integrations/market/port.ts';
import type { SteamProxy } from '../../integrations/steam/index.ts';
import type { JobContext } from '../../jobs/jobs.ts';
import { announceAccount } from './announce.ts';
import { openCredentials } from './credentials.ts';
import { type DeliveryOwner, DeliverySteps } from './deliveries.ts';
import type { SellerShared } from './deps.ts';
import { refreshInventoryAfterTrades } from './inventory-refresh.ts';
import { pacedMarket } from './paced-market.ts';
import { decidePlatformStatus, type MarketFacts } from './platform-status.ts';
import type { SellerAccountDbRow, SellerQueries } from './repo.ts';

/** How long a loop trusts the account row it read (another process's stop reaches it within this). */
const ROW_REFRESH_MS = 10_000;

/** Time between two market calls of one loop: at most 4 a second (TM deletes a key over 5). */
export const LOOP_CALL_SPACING_MS = 260;

/**
 * How often a loop compares the trade token TM holds with the Steam account's own (a Steam page read): a changed
 * trade link is noticed within this. A missing token is given at every sync.
 */
export const TRADE_TOKEN_CHECK_MS = 10 * 60_000;

/** The job queue of seller loops: one job per account that is not stopped. */
export const SELLER_LOOP_QUEUE = 'seller-loop';

export interface SellerLoopJobData {
  userId: string;
  accountId: number;
}

export class SellerLoopInterrupted extends Error {
  override name = 'SellerLoopInterrupted';
}

/** Wakes the loop of an account running in this process at once (a stop, pause or start). */
export class LoopWakers {
  readonly #wakers = new Map<number, () => void>();

  /** `clock`: the app's clock the loops wait on between passes. */
  constructor(private readonly clock: Clock) {}

  wake(accountId: number): void {
    this.#wakers.get(accountId)?.();
  }

  /** Resolves true when woken, false when the time ran out (or the run was interrupted). */
  async sleep(accountId: number, ms: number, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return false;
    const ended = new AbortController();
    let woken = false;
    const interrupted = () => ended.abort();
    signal.addEventListener('abort', interrupted, { once: true });
    this.#wakers.set(accountId, () => {
      woken = true;
      ended.abort();
    });
    await this.clock.sleep(ms, ended.signal);
    signal.removeEventListener('abort', interrupted);
    this.#wakers.delete(accountId);
    return woken;
  }
}

/**
 * One account's seller loop (docs/trading-rules.md §4, notes market.md §3), run as a job so one process runs
 * it and a process that dies hands it on: ping-new with the account's Steam access token every `pingEveryMs`
 * while running; delivery requests every few seconds, each written as a delivery intent first and then taken
 * through send, confirm and trade-ready; balance (with the currency guard), account checks (and the trade
 * token TM holds), listings and TM's inventory after accepted incoming trades every `syncEveryMs`;
 * the platform status decided from what the market answered, stored with its event. Every state lives in the
 * database, so a run after a crash carries on from the stored deliveries and never offers a hash twice.
 */
export class SellerLoop {
  readonly #steps: DeliverySteps;
  /** The market as this loop calls it: spaced, one call at a time. */
  readonly #market: MarketPort;
  #creds: MarketCredentials | null = null;
  /** The proxy of the account's Steam web session: every market call of the loop leaves through it. */
  #proxy: SteamProxy | null | undefined = undefined;
  #online = false;
  readonly #facts: MarketFacts;
  #nextPing = 0;
  #nextPoll = 0;
  #nextSync = 0;
  #nextTokenCheck = 0;
  #activeLeft = 1;
  /** The loop wrote the account row: read it again before the next pass. */
  #written = false;

  constructor(
    private readonly deps: SellerShared,
    private readonly wakers: LoopWakers,
    private readonly job: JobContext<SellerLoopJobData>,
  ) {
    this.#market = pacedMarket(deps.market, LOOP_CALL_SPACING_MS);
    this.#steps = new DeliverySteps({ ...deps, market: this.#market });
    // Every loop of the process waits on the shutdown signal they share.
    setMaxListeners(0, job.signal);
    this.#facts = {
      failure: null,
      failureDetail: null,
      banned: false,
      checkFailed: false,
      tradeTokenMissing: false,
      ping: null,
      lastPingAt: null,
      marketCurrency: null,
      storedCurrency: 'RUB',
      oldestActiveDelivery: null,
      deliveryFailed: false,
    };
  }

  async run(): Promise<void> {
    const { userId, accountId } = this.job.data;
    const startedAt = this.deps.now();
    let row: SellerAccountDbRow | null = null;
    let readAt = 0;
    let woken = false;
    for (;;) {
      if (this.job.signal.aborted) throw new SellerLoopInterrupted('The seller loop was interrupted');
      // The row is read again when this process changed it, after a write of the loop, or every 10 s (a change
      // made by another process).
      if (!row || woken || this.#written || this.deps.now() - readAt >= ROW_REFRESH_MS) {
        row = await this.deps.repo.run(userId, (q) => q.account(accountId));
        readAt = this.deps.now();
        this.#written = false;
      }
      if (!row || row.loopJobId !== this.job.id) return;
      if (row.status === 'stopped') {
        await this.goOffline(row);
        return;
      }
      await this.tick(row);
      if (this.deps.now() - startedAt > this.deps.timing.runForMs) {
        await this.handOver(row);
        return;
      }
      const now = this.deps.now();
      const next = Math.min(
        row.status === 'running' ? this.#nextPing : Number.POSITIVE_INFINITY,
        this.#nextPoll,
        this.#nextSync,
        this.#activeLeft > 0 ? now + 1_000 : Number.POSITIVE_INFINITY,
      );
      woken = await this.wakers.sleep(accountId, next - now, this.job.signal);
    }
  }

  private async tick(row: SellerAccountDbRow): Promise<void> {
    const creds = await this.credentials(row);
    const owner: DeliveryOwner = {
      userId: row.userId,
      sellerAccountId: row.id,
      steamAccountId: row.steamAccountId,
      platform: row.platform,
    };
    this.#facts.storedCurrency = row.currency;
    this.#facts.lastPingAt = row.lastPingAt;
    let lastPingAt = row.lastPingAt;
    const now = this.deps.now();
    if (row.status === 'running' && now >= this.#nextPing) {
      const pinged = await this.ping(row, creds);
      if (pinged) lastPingAt = new Date(this.deps.now());
      this.#facts.lastPingAt = lastPingAt;
    }
    if (row.status === 'paused' && this.#online) await this.goOffline(row);
    if (now >= this.#nextPoll) {
      this.#nextPoll = now + this.deps.timing.deliveryPollMs;
      const requests = await this.#market.deliveryRequests(creds);
      this.note(requests.ok ? null : requests);
      if (requests.ok && (await this.#steps.record(owner, requests.requests)) > 0) this.#activeLeft += 1;
    }
    if (this.#activeLeft > 0) {
      const { left, oldest } = await this.#steps.advanceAll(owner, creds, (failure) => this.note(failure));
      this.#activeLeft = left;
      this.#facts.oldestActiveDelivery = oldest;
    }
    let synced: Partial<SellerAccountDbRow> = {};
    if (now >= this.#nextSync) {
      this.#nextSync = now + this.deps.timing.syncEveryMs;
      synced = await this.sync(creds);
      await refreshInventoryAfterTrades(this.deps, this.#market, row, creds);
    }
    await this.record(row, { ...synced, lastPingAt });
  }

  /** ping-new with the Steam web access token; true when the market took it. */
  private async ping(row: SellerAccountDbRow, creds: MarketCredentials): Promise<boolean> {
    const retrySoon = this.deps.now() + Math.min(15_000, this.deps.timing.pingEveryMs);
    const access = await this.deps.steamTrading
      .webAccess(row.userId, row.steamAccountId)
      .catch(() => ({ ok: false as const, reason: 'unknownError' as const }));
    if (access.ok) this.#proxy = access.value.proxy;
    if (!access.ok) {
      this.#facts.ping = 'failed';
      this.#facts.failureDetail = `steam session: ${access.reason}`;
      this.#nextPing = retrySoon;
      return false;
    }
    const { accessToken, proxy } = access.value;
    const pinged = await this.#market.ping({ ...creds, proxy }, { steamAccessToken: accessToken, proxy });
    if (!pinged.ok) {
      this.note(pinged);
      this.#facts.ping = 'failed';
      this.#nextPing = retrySoon;
      return false;
    }
    this.note(null);
    this.#nextPing = this.deps.now() + this.deps.timing.pingEveryMs;
    this.#facts.ping = pinged.tooEarly || (pinged.online && pinged.p2p) ? 'ok' : 'notOnline';
    this.#online = true;
    return true;
  }

  /** Balance with the currency guard, the market's account checks, and the listings (orders). */
  private async sync(creds: MarketCredentials): Promise<Partial<SellerAccountDbRow>> {
    const values: Partial<SellerAccountDbRow> = {};
    const balance = await this.#market.balance(creds);
    this.note(balance.ok ? null : balance);
    if (balance.ok) {
      this.#facts.marketCurrency = balance.currency;
      Object.assign(values, {
        balanceAvailable: balance.balance.available.amount,
        balanceOnHold: balance.balance.onHold.amount,
        balanceCurrency: balance.currency,
        balanceUpdatedAt: new Date(this.deps.now()),
      });
    }
    const flags = await this.#market.statusFlags(creds);
    if (flags.ok) {
      this.#facts.banned = !flags.flags.notMarketBanned;
      this.#facts.checkFailed = !flags.flags.tradeCheck;
      this.#facts.tradeTokenMissing = !(await this.keepTradeToken(creds, flags.flags.userToken));
    }
    const listings = await this.#market.listings(creds);
    if (listings.ok) values.ordersCount = listings.listings.filter((l) => l.status === 'onSale').length;
    return values;
  }

  /**
   * Keeps TM holding the Steam account's own trade token, as OpenMarketClient does (`src/Market.h`
   * `SetSteamDetails`): when TM holds none (`test.status.user_token` false), or holds another one than the account's
   * (TM's `get-token`: the trade link was changed on Steam, so TM's buyers' offers would fail), `set-trade-token`
   * gives it ours. False when TM is left without a token, or with a stale one it would not replace.
   */
  private async keepTradeToken(creds: MarketCredentials, held: boolean): Promise<boolean> {
    if (held && this.deps.now() < this.#nextTokenCheck) return true;
    if (held) this.#nextTokenCheck = this.deps.now() + TRADE_TOKEN_CHECK_MS;
    const { userId, accountId } = this.job.data;
    const row = await this.deps.repo.run(userId, (q) => q.account(accountId));
    if (!row) return held;
    const token = await this.deps.steamTrading.tradeToken(userId, row.steamAccountId).catch(() => null);
    if (!token?.ok) return held;
    if (held) {
      const current = await this.#market.tradeToken(creds);
      // Only a token TM shows and that differs from ours is replaced: an answer without one compares nothing.
      if (!current.ok || current.token === null || current.token === token.value) return true;
    }
    const set = await this.#market.setTradeToken(creds, token.value);
    if (!set.ok)
      this.deps.log.info({ sellerAccountId: accountId, reason: set.reason }, 'set-trade-token refused');
    return set.ok;
  }

  /** Remembers the last market failure (a success clears a passing one; a bad key stays until a success). */
  private note(failure: MarketFailure | null): void {
    if (failure === null) {
      this.#facts.failure = null;
      this.#facts.failureDetail = null;
      return;
    }
    this.#facts.failure = failure.reason;
    this.#facts.failureDetail = failure.detail ?? null;
  }

  /** Stores what changed with its event, in one transaction; a pass that changed nothing writes nothing. */
  private async record(row: SellerAccountDbRow, values: Partial<SellerAccountDbRow>): Promise<void> {
    const now = this.deps.now();
    const decision = decidePlatformStatus(row.status as SellerAccountStatus, this.#facts, now);
    const next: Partial<SellerAccountDbRow> = { ...values };
    if (
      decision.status !== row.platformStatus ||
      decision.reason !== row.platformReason ||
      decision.detail !== row.platformDetail
    ) {
      Object.assign(next, {
        platformStatus: decision.status,
        platformReason: decision.reason,
        platformDetail: decision.detail,
        platformUpdatedAt: new Date(now),
      });
    }
    const changed = (Object.keys(next) as (keyof SellerAccountDbRow)[]).some((key) => {
      if (key === 'balanceUpdatedAt') return false;
      const before = row[key];
      const after = next[key];
      return before instanceof Date || after instanceof Date
        ? (before as Date | null)?.getTime() !== (after as Date | null)?.getTime()
        : before !== after;
    });
    if (!changed) return;
    await this.deps.repo.run(row.userId, async (q) => {
      // Only while this run still owns the account: a stop or delete meanwhile wins.
      const updated = await q.updateIfOwned(row.id, this.job.id, next);
      this.#written = true;
      if (!updated) return;
      await announceAccount(this.deps.eventLog, row.userId, q, row.id);
      if (decision.status === 'error' && row.platformStatus !== 'error')
        await this.notifyPlatformError(row, decision.reason, q);
    });
  }

  /** The platform just went to status error: the user hears of it in the notification area. */
  private async notifyPlatformError(
    row: SellerAccountDbRow,
    reason: PlatformReason | null,
    q: SellerQueries,
  ): Promise<void> {
    const view = await q.view(row.id);
    await this.deps.notifications.post(
      row.userId,
      {
        kind: 'sellerPlatformError',
        params: { accountId: row.id, login: view?.login ?? String(row.id), reason },
        link: '/panel/accounts',
      },
      q.tx,
    );
  }

  private async credentials(row: SellerAccountDbRow): Promise<MarketCredentials> {
    if (!this.#creds || this.#creds.keyId !== row.keyId || this.#creds.currency !== row.currency) {
      this.#creds = await openCredentials(this.deps.secrets, row);
    }
    if (this.#proxy === undefined) {
      const access = await this.deps.steamTrading.webAccess(row.userId, row.steamAccountId).catch(() => null);
      if (access?.ok) this.#proxy = access.value.proxy;
    }
    return { ...this.#creds, proxy: this.#proxy ?? null };
  }

  private async goOffline(row: SellerAccountDbRow): Promise<void> {
    this.#online = false;
    const creds = await this.credentials(row);
    const done = await this.#market.goOffline(creds);
    if (!done.ok) this.deps.log.info({ sellerAccountId: row.id, reason: done.reason }, 'go-offline refused');
  }

  /** A long run hands the account to a fresh job (a job's hold ends after 23 h). */
  private async handOver(row: SellerAccountDbRow): Promise<void> {
    const next = randomUUID();
    const moved = await this.deps.repo.run(row.userId, (q) =>
      q.updateIfOwned(row.id, this.job.id, { loopJobId: next }),
    );
    if (moved) await sendLoopJob(this.deps, { userId: row.userId, accountId: row.id }, next);
  }
}

/** Queues the loop job of an account under the id stored as its `loop_job_id`. */
export async function sendLoopJob(deps: Pick<SellerShared, 'jobs'>, data: SellerLoopJobData, id: string) {
  await deps.jobs.send(SELLER_LOOP_QUEUE, data, { id, retryLimit: 1_000_000, retryDelaySeconds: 2 });
}
