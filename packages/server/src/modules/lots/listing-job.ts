/**
 * Add-to-sale as a resumable job (docs/market.md, "Listing"): the queued job is the intent, sent before any market
 * call. A run lists its lots still in the inventory in calls of at most 50 per account and records each answered
 * call at once. A run after an interrupted one (a crash, a kill -9, a shutdown) first reads the account's listings
 * on the market: a lot whose item is listed there is recorded as listed and never sent again; when that read
 * fails, nothing is sent (the run fails and is tried again), so an item is never listed twice on a guess.
 */
import { randomUUID } from 'node:crypto';
import { type Money, REPRICE_BATCH_LIMIT } from '@tradedeck/sdk/domain';
import type { MarketListing } from '../../integrations/market/port.ts';
import type { JobContext } from '../../jobs/jobs.ts';
import { patchAndAnnounce } from './announce.ts';
import type { LotsShared } from './deps.ts';
import { issuesOf } from './issues.ts';
import type { MarketAccess } from './market-access.ts';
import type { LotAccount, LotPatch, LotView } from './types.ts';

export const LOTS_LIST_QUEUE = 'lots-list';

export interface ListJobData {
  userId: string;
  items: { lotId: number; price: Money }[];
}

/** One lot's end: listed with the market's item id, or refused with the market's detail. */
export interface ListOutcome {
  id: number;
  itemId: string | null;
  /** Null when listed. */
  detail: string | null;
}

/** A run is tried again this often, this far apart (a crashed run is taken again at the next start). */
const LIST_RETRIES = { retryLimit: 5, retryDelaySeconds: 2 } as const;
/** How often a caller waiting on a job run by another process looks at the job's state. */
const STATE_LOOK_MS = 500;
const ENDED = ['completed', 'failed', 'cancelled'];

export class Lister {
  /** Callers of this process waiting on their job, by job id. */
  readonly #waiting = new Map<string, (outcomes: ListOutcome[]) => void>();

  constructor(
    private readonly deps: Pick<LotsShared, 'repo' | 'jobs' | 'eventLog' | 'log' | 'now' | 'sleep'>,
    private readonly access: MarketAccess,
  ) {}

  /**
   * Queues the listing and waits for it: the outcomes of this process's run, or null when another process ran it
   * (the caller reads the lots).
   */
  async listAndWait(userId: string, items: ListJobData['items']): Promise<ListOutcome[] | null> {
    const id = randomUUID();
    const ran: { outcomes: ListOutcome[] | null } = { outcomes: null };
    this.#waiting.set(id, (outcomes) => {
      ran.outcomes = outcomes;
    });
    try {
      await this.deps.jobs.send<ListJobData>(LOTS_LIST_QUEUE, { userId, items }, { id, ...LIST_RETRIES });
      for (;;) {
        if (ran.outcomes) return ran.outcomes;
        const state = await this.deps.jobs.state(LOTS_LIST_QUEUE, id);
        if (ran.outcomes) return ran.outcomes;
        if (!state || ENDED.includes(state.state)) return null;
        await this.deps.sleep(STATE_LOOK_MS);
      }
    } finally {
      this.#waiting.delete(id);
    }
  }

  async run(job: JobContext<ListJobData>): Promise<void> {
    const { userId, items } = job.data;
    const prices = new Map(items.map((item) => [item.lotId, item.price]));
    const lots = await this.deps.repo.run(userId, (q) => q.picked({ ids: [...prices.keys()] }));
    const accounts = await this.deps.repo.run(userId, (q) => q.accounts());
    const outcomes: ListOutcome[] = [];
    for (const account of accounts) {
      const ofAccount = lots.filter((lot) => lot.sellerAccountId === account.id);
      // Listed by an earlier run (recorded): done, never sent again.
      for (const lot of ofAccount)
        if (lot.status !== 'in_inventory') outcomes.push({ id: lot.id, itemId: lot.itemId, detail: null });
      let pending = ofAccount.filter((lot) => lot.status === 'in_inventory');
      if (pending.length === 0) continue;
      if (job.retryCount > 0) pending = await this.recordListedOnMarket(userId, account, pending, outcomes);
      for (let start = 0; start < pending.length; start += REPRICE_BATCH_LIMIT) {
        if (job.signal.aborted) throw new Error('listing interrupted');
        await this.send(userId, account, pending.slice(start, start + REPRICE_BATCH_LIMIT), prices, outcomes);
      }
    }
    this.#waiting.get(job.id)?.(outcomes);
  }

  /**
   * After an interrupted run: the lots whose items the market lists already are recorded as listed; answers the
   * others. A failed read throws (nothing is sent without knowing).
   */
  private async recordListedOnMarket(
    userId: string,
    account: LotAccount,
    pending: LotView[],
    outcomes: ListOutcome[],
  ): Promise<LotView[]> {
    const { market, creds } = await this.access.open(account);
    const answer = await market.listings(creds);
    if (!answer.ok) throw new Error(`listings of account ${account.id} not read: ${answer.reason}`);
    const byAsset = new Map<string, MarketListing>(answer.listings.map((row) => [row.assetId, row]));
    const found: LotPatch[] = [];
    const left: LotView[] = [];
    for (const lot of pending) {
      const listing = byAsset.get(lot.assetId);
      if (!listing) {
        left.push(lot);
        continue;
      }
      found.push(listedPatch(lot, listing.itemId, listing.price.amount, this.deps.now()));
      outcomes.push({ id: lot.id, itemId: listing.itemId, detail: null });
    }
    if (found.length > 0) {
      this.deps.log.info(
        { sellerAccountId: account.id, lots: found.length },
        'listings of a cut run found listed',
      );
      await this.record(userId, found);
    }
    return left;
  }

  /** One list call; its answer is recorded before the next call goes out. */
  private async send(
    userId: string,
    account: LotAccount,
    batch: LotView[],
    prices: ReadonlyMap<number, Money>,
    outcomes: ListOutcome[],
  ): Promise<void> {
    const { market, creds } = await this.access.open(account);
    const answer = await market.addToSale(
      creds,
      batch.map((lot) => ({ assetId: lot.assetId, price: prices.get(lot.id)! })),
    );
    const listed: LotPatch[] = [];
    batch.forEach((lot, index) => {
      const outcome = answer.ok ? answer.outcomes[index] : answer;
      if (outcome?.ok && 'itemId' in outcome) {
        listed.push(listedPatch(lot, outcome.itemId, prices.get(lot.id)!.amount, this.deps.now()));
        outcomes.push({ id: lot.id, itemId: outcome.itemId, detail: null });
      } else
        outcomes.push({
          id: lot.id,
          itemId: null,
          detail: outcome && !outcome.ok ? (outcome.detail ?? outcome.reason) : 'no answer',
        });
    });
    await this.record(userId, listed);
  }

  private record(userId: string, patches: LotPatch[]): Promise<void> {
    return patchAndAnnounce(this.deps, userId, patches);
  }
}

function listedPatch(lot: LotView, itemId: string, price: number, nowMs: number): LotPatch {
  const now = new Date(nowMs);
  return {
    id: lot.id,
    status: 'on_sale',
    itemId,
    price,
    lastWrittenPrice: price,
    lastPriceWriteAt: now,
    listedAt: now,
    priceUpdatedAt: now,
    issues: issuesOf({ ...lot, status: 'on_sale', price, lastWrittenPrice: price }),
  };
}
