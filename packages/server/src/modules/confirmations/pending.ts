import { confirmationKind, forEachLimited, type MobileConfirmation } from '@tradedeck/sdk/domain';
import type { TradingFailure, TradingFailureReason, TradingOutcome } from '../steam-trading/index.ts';
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
  /** When Steam listed them (epoch ms). */
  fetchedAt: number;
}

export interface AccountFailure {
  account: AccountRef;
  failure: TradingFailure;
}

/**
 * The pending confirmations of accounts as Steam lists them now, each marked `ours` when Tradedeck created it:
 * a trade whose offer has a done intent of the account, a market listing the account made through Tradedeck.
 * Every read is kept (`confirmation_snapshots`), so the centre can show it later without a Steam call.
 */
export class PendingReader {
  readonly #recent = new Map<string, { at: number; items: PendingConfirmation[] }>();
  /** Answers given per account: a read that began before one is not kept (it may list what was answered). */
  readonly #answers = new Map<string, number>();

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
    const answers = this.#answers.get(key) ?? 0;
    const listed = await this.deps.trading.listConfirmations(userId, accountId);
    const unchanged = (this.#answers.get(key) ?? 0) === answers;
    if (unchanged) {
      const at = new Date(this.deps.now());
      await this.deps.snapshots.record(userId, (q) =>
        q.save(
          accountId,
          listed.ok ? { items: listed.value, failure: null } : { items: [], failure: listed.reason },
          at,
        ),
      );
    }
    if (!listed.ok) {
      this.#recent.delete(key);
      return listed;
    }
    const items = await this.annotate(userId, accountId, listed.value);
    this.#recent.set(key, { at: this.deps.now(), items });
    return { ok: true, value: items };
  }

  /** Forgets the account's recent and kept lists (it was answered from: Steam's list changed). */
  async forget(userId: string, accountId: number): Promise<void> {
    const key = `${userId}:${accountId}`;
    this.#recent.delete(key);
    this.#answers.set(key, (this.#answers.get(key) ?? 0) + 1);
    await this.deps.snapshots.record(userId, (q) => q.outdate(accountId));
  }

  /**
   * The confirmations of the accounts: an account whose kept list was read since `keptSince` (epoch ms) answers
   * it, with the failure it met; the others are read from Steam now.
   */
  async ofMany(
    userId: string,
    accounts: readonly AccountRef[],
    keptSince: number | null = null,
  ): Promise<{ read: AccountRead[]; failures: AccountFailure[] }> {
    const read: AccountRead[] = [];
    const failures: AccountFailure[] = [];
    const kept =
      keptSince === null
        ? []
        : await this.deps.snapshots.run(userId, (q) => q.read(accounts.map((account) => account.id)));
    const fresh = new Map(
      kept
        .filter((snapshot) => snapshot.fetchedAt !== null && snapshot.fetchedAt.getTime() >= keptSince!)
        .map((snapshot) => [snapshot.accountId, snapshot]),
    );
    await forEachLimited(accounts, READ_CONCURRENCY, async (account) => {
      const snapshot = fresh.get(account.id);
      if (snapshot?.failure) {
        failures.push({ account, failure: { ok: false, reason: snapshot.failure as TradingFailureReason } });
        return;
      }
      if (snapshot) {
        const items = await this.annotate(userId, account.id, snapshot.items);
        read.push({ account, items, fetchedAt: snapshot.fetchedAt!.getTime() });
        return;
      }
      const got = await this.of(userId, account.id);
      if (got.ok) read.push({ account, items: got.value, fetchedAt: this.deps.now() });
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
