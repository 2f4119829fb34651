import type { PacingState } from '@tradedeck/sdk/contract';
import type { Budget, PacingClass } from '../../pacing/budgets.ts';
import { PACING_CLASSES } from '../../pacing/budgets.ts';
import type { LimiterState } from '../../pacing/limiter.ts';
import { accountPacingKey, type Pacer, proxyPacingKey } from '../../pacing/pacer.ts';
import { budgetShare } from './budget-share.ts';
import type { PacingRepo } from './repo.ts';

const perMinute = (permits: number | null, windowMs: number | null) =>
  permits === null || windowMs === null ? null : Math.round(((permits * 60_000) / windowMs) * 100) / 100;

const iso = (epochMs: number) => new Date(epochMs).toISOString();

type Side = 'proxy' | 'account';

/** Resting ones first (the rest that ends first leads), then the busiest, then by name. */
function restingFirst<T extends { restingUntil: string | null; requests: number }>(
  rows: T[],
  name: (row: T) => string,
): T[] {
  return rows.sort(
    (a, b) =>
      (a.restingUntil === null ? 1 : 0) - (b.restingUntil === null ? 1 : 0) ||
      (a.restingUntil ?? '').localeCompare(b.restingUntil ?? '') ||
      b.requests - a.requests ||
      name(a).localeCompare(name(b)),
  );
}

/**
 * The pacing state of the caller's proxies and accounts: every class's budget now against the table's, and the
 * rests Steam called for, resting ones first. Limiters are shared by every tenant using an egress (Steam limits
 * the address), but a tenant sees only the proxies and accounts it has itself.
 */
export class PacingService {
  constructor(
    private readonly repo: PacingRepo,
    private readonly pacer: Pacer,
  ) {}

  async state(userId: string, limit: number): Promise<PacingState> {
    const now = this.pacer.now();
    const [ownProxies, ownAccounts, proxyRows, accountRows] = await Promise.all([
      this.repo.ownProxies(userId),
      this.repo.ownAccounts(userId),
      this.pacer.list('proxy:'),
      this.pacer.list('account:'),
    ]);
    const byKey = new Map([...proxyRows, ...accountRows].map((row) => [row.key, row.state]));
    const classesOf = (side: Side, subject: string) =>
      PACING_CLASSES.flatMap((cls) => {
        const key = side === 'proxy' ? proxyPacingKey(subject, cls) : accountPacingKey(subject, cls);
        const state = byKey.get(key);
        return state ? [this.classState(side, cls, state, now)] : [];
      });
    const summary = (classes: ReturnType<typeof classesOf>) => ({
      requests: classes.reduce((sum, item) => sum + item.requests, 0),
      restingUntil:
        classes.flatMap((item) => (item.restingUntil ? [item.restingUntil] : [])).sort()[0] ?? null,
    });

    const proxies = ownProxies.flatMap((proxy) => {
      const address = `${proxy.host.toLowerCase()}:${proxy.port}`;
      const classes = classesOf('proxy', address);
      if (classes.length === 0) return [];
      return [
        {
          proxyId: proxy.id,
          name: proxy.name,
          address,
          ...summary(classes),
          accounts: proxy.accounts,
          budgetShare: budgetShare(this.pacer.budgets, byKey, address, now),
          classes,
        },
      ];
    });
    const accounts = ownAccounts.flatMap((account) => {
      const classes = classesOf('account', account.steamId);
      if (classes.length === 0) return [];
      return [{ accountId: account.id, login: account.login, ...summary(classes), classes }];
    });
    return {
      now: iso(now),
      proxies: restingFirst(proxies, (row) => row.address).slice(0, limit),
      accounts: restingFirst(accounts, (row) => row.login).slice(0, limit),
    };
  }

  private classState(side: Side, cls: PacingClass, state: LimiterState, now: number) {
    const base: Budget | null = this.pacer.budgets[cls][side];
    const resting = state.restUntil > now;
    return {
      class: cls,
      budgetPerMinute: perMinute(state.rate, base?.windowMs ?? state.windowMs),
      baseBudgetPerMinute: perMinute(base?.permits ?? null, base?.windowMs ?? null),
      requests: state.grants,
      limits: state.limits,
      restingUntil: resting ? iso(state.restUntil) : null,
      reason: resting ? state.restReason : null,
    };
  }
}
