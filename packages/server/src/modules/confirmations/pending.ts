import { confirmationKind, forEachLimited, type MobileConfirmation } from '@tradedeck/sdk/domain';
import type { TradingFailure, TradingOutcome } from '../steam-trading/index.ts';
import type { ConfirmationsDeps } from './deps.ts';
import type { AccountRef, PendingConfirmation } from './types.ts';

/**
 * How long a list read from Steam answers a following answer call of the same account: the step-up check and the
 * answer share one read instead of two mobileconf calls (Steam allows one per account every 10 s).
 */
export const RECENT_LIST_MS = 30_000;
/** Accounts read at once: each waits for its own confirmation turn, so a few at a time keep a wide read moving. */
const READ_CONCURRENCY = 4;

export interface AccountRead {
  account: AccountRef;
  items: PendingConfirmation[];
}

export interface AccountFailure {
  account: AccountRef;
  failure: TradingFailure;
}

/**
 * The pending confirmations of accounts as Steam lists them now, each marked `ours` when Tradedeck created it:
 * a trade whose offer has a done intent of the account, a market listing the account made through Tradedeck.
 */
export class PendingReader {
  readonly #recent = new Map<string, { at: number; items: PendingConfirmation[] }>();

  constructor(private readonly deps: ConfirmationsDeps) {}

  async of(
    userId: string,
    accountId: number,
    options: { reuseRecent?: boolean } = {},
  ): Promise<TradingOutcome<PendingConfirmation[]>> {
    const key = `${userId}:${accountId}`;
    const recent = this.#recent.get(key);
    if (options.reuseRecent && recent && this.deps.now() - recent.at < RECENT_LIST_MS) {
      return { ok: true, value: recent.items };
    }
    const listed = await this.deps.trading.listConfirmations(userId, accountId);
    if (!listed.ok) {
      this.#recent.delete(key);
      return listed;
    }
    const items = await this.annotate(userId, accountId, listed.value);
    this.#recent.set(key, { at: this.deps.now(), items });
    return { ok: true, value: items };
  }

  /** Forgets the account's recent list (it was answered from). */
  forget(userId: string, accountId: number): void {
    this.#recent.delete(`${userId}:${accountId}`);
  }

  async ofMany(
    userId: string,
    accounts: readonly AccountRef[],
  ): Promise<{ read: AccountRead[]; failures: AccountFailure[] }> {
    const read: AccountRead[] = [];
    const failures: AccountFailure[] = [];
    await forEachLimited(accounts, READ_CONCURRENCY, async (account) => {
      const got = await this.of(userId, account.id);
      if (got.ok) read.push({ account, items: got.value });
      else failures.push({ account, failure: got });
    });
    const order = (a: { account: AccountRef }, b: { account: AccountRef }) => a.account.id - b.account.id;
    return { read: read.sort(order), failures: failures.sort(order) };
  }

  private async annotate(
    userId: string,
    accountId: number,
    listed: readonly MobileConfirmation[],
  ): Promise<PendingConfirmation[]> {
    const kinds = listed.map((item) => confirmationKind(item.type));
    const creatorsOf = (kind: string) =>
      listed.filter((_, i) => kinds[i] === kind).map((item) => item.creatorId);
    const [offers, listings] = await Promise.all([
      this.deps.trading.ownOffers(userId, accountId, creatorsOf('trade')),
      this.deps.repo.run(userId, (q) => q.ownListings(accountId, creatorsOf('marketListing'))),
    ]);
    return listed.map((item, i) => {
      const kind = kinds[i]!;
      const ours =
        (kind === 'trade' && offers.has(item.creatorId)) ||
        (kind === 'marketListing' && listings.has(item.creatorId));
      return {
        ...item,
        kind,
        ours,
        partnerSteamId: kind === 'trade' ? (offers.get(item.creatorId) ?? null) : null,
      };
    });
  }
}
