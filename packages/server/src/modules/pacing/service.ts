import type { PacingState } from '@tradedeck/sdk/contract';
import type { Budget, PacingClass } from '../../pacing/budgets.ts';
import { PACING_CLASSES } from '../../pacing/budgets.ts';
import type { LimiterState } from '../../pacing/limiter.ts';
import { type Pacer, proxyPacingKey } from '../../pacing/pacer.ts';
import type { PacingRepo } from './repo.ts';

const perMinute = (permits: number | null, windowMs: number | null) =>
  permits === null || windowMs === null ? null : Math.round(((permits * 60_000) / windowMs) * 100) / 100;

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/**
 * The pacing state of the caller's proxies: every class's budget now against the table's, and the rests Steam
 * called for. Limiters are shared by every tenant using an egress (Steam limits the address), but a tenant sees
 * only the proxies it has itself.
 */
export class PacingService {
  constructor(
    private readonly repo: PacingRepo,
    private readonly pacer: Pacer,
  ) {}

  async state(userId: string, limit: number): Promise<PacingState> {
    const now = this.pacer.now();
    const own = await this.repo.ownProxies(userId);
    const rows = await Promise.all(
      own.map(async (proxy) => {
        const address = `${proxy.host.toLowerCase()}:${proxy.port}`;
        const limiters = await this.pacer.list(`proxy:${address}:`);
        const byKey = new Map(limiters.map((row) => [row.key, row.state]));
        const classes = PACING_CLASSES.flatMap((cls) => {
          const state = byKey.get(proxyPacingKey(address, cls));
          return state ? [this.classState(cls, state, now)] : [];
        });
        const rests = classes.flatMap((item) => (item.restingUntil ? [item.restingUntil] : [])).sort();
        return {
          proxyId: proxy.id,
          name: proxy.name,
          address,
          requests: classes.reduce((sum, item) => sum + item.requests, 0),
          restingUntil: rests[0] ?? null,
          classes,
        };
      }),
    );
    const busiest = rows
      .filter((row) => row.classes.length > 0)
      .sort((a, b) => b.requests - a.requests || a.address.localeCompare(b.address))
      .slice(0, limit);
    return { now: iso(now), proxies: busiest };
  }

  private classState(cls: PacingClass, state: LimiterState, now: number) {
    const base: Budget | null = this.pacer.budgets[cls].proxy;
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
