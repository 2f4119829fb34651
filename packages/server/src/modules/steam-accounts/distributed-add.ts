import { ResultCode } from '@tradedeck/sdk/contract';
import type { AddAccountReason } from '@tradedeck/sdk/domain';
import { AppError } from '../../http/app-error.ts';
import { proxyKey, type SteamProxy } from '../../integrations/steam/index.ts';
import { proxyBudgetShares } from '../pacing/index.ts';
import type { AddCandidate, RowErrors } from './add-rows.ts';
import type { AccountsDeps } from './deps.ts';
import { DistributionPool } from './distribute.ts';
import { PROXY_TAG_NOT_FOUND } from './messages.ts';
import type { UserProxyKeys } from './proxy-identity.ts';
import { openStoredProxy } from './proxy-resolver.ts';

/** How one sign-in (and store) of a row ended. */
export type AddAttempt =
  | { addedId: number }
  | {
      reason: AddAccountReason;
      /**
       * Set when the proxy is resting after Steam's rate limit (84): `metBySteam` when Steam answered this very
       * sign-in with it, `alreadyRunning` when the port answered from a rest without asking Steam.
       */
      proxyRest?: 'metBySteam' | 'alreadyRunning';
    };

export interface DistributeOptions {
  proxyTagId: number;
  maxAccountsPerProxy: number;
}

/** Why rows of a distribute add found no proxy: the tag's proxies, how many rest and until when, the cap. */
export interface NoRoomCause {
  proxies: number;
  resting: number;
  /** When the first resting proxy is free again (null: none rests). */
  restingUntil: Date | null;
  maxAccountsPerProxy: number;
}

export interface DistributedOutcome {
  addedIds: number[];
  /** Set when some row is `noProxy`, so its answer can name the cause. */
  noRoom: NoRoomCause | null;
}

/**
 * The distribute mode: rows go to the proxies of the tag, least busy first, at most `maxAccountsPerProxy` each,
 * and never to a proxy resting after Steam's rate limit. When a proxy starts resting during the import, the rows
 * planned on it that have not started signing in are planned again on the other proxies with room; only rows
 * that find no room are `noProxy` (the honest reason: the row was never tried, no proxy could take it). The row
 * that met the rate limit keeps "proxy error" unless its one retry, on another proxy with room, signs it in.
 * Answers the ids of the stored accounts and, when rows found no room, why.
 */
export async function signInDistributed(
  deps: AccountsDeps,
  keys: UserProxyKeys,
  userId: string,
  options: DistributeOptions,
  candidates: readonly AddCandidate[],
  errors: RowErrors,
  concurrency: number,
  attempt: (candidate: AddCandidate) => Promise<AddAttempt>,
): Promise<DistributedOutcome> {
  const proxies = await deps.repo.run(userId, async (q) => {
    if (!(await q.proxies.tagExists(options.proxyTagId)))
      throw new AppError({ code: ResultCode.NotFound, text: PROXY_TAG_NOT_FOUND });
    return q.proxies.ofTagWithLoad(options.proxyTagId);
  });
  const opened = new Map<number, SteamProxy>(
    proxies.map((proxy) => [proxy.id, openStoredProxy(keys, proxy)]),
  );
  // A proxy whose budget a limit cut carries fewer accounts until it grows back.
  const shares = await proxyBudgetShares(
    deps.steam.pacer,
    proxies.map((proxy) => proxyKey(opened.get(proxy.id)!)),
  );
  const pool = new DistributionPool<string>(
    proxies.map((proxy) => ({ ...proxy, share: shares.get(proxyKey(opened.get(proxy.id)!)) ?? 1 })),
    options.maxAccountsPerProxy,
  );
  const restUntil = await Promise.all(
    proxies.map((proxy) => deps.steam.proxyRestUntil(opened.get(proxy.id)!)),
  );
  const resting = new Set<number>();
  proxies.forEach((proxy, i) => {
    if (!restUntil[i]) return;
    pool.rest(proxy.id);
    resting.add(proxy.id);
  });

  for (const index of pool.plan(candidates.map((c) => c.index))) errors.set(index, 'noProxy');
  const queue = candidates.filter((c) => pool.proxyOf(c.index) !== null);
  const retried = new Set<string>();
  const addedIds: number[] = [];

  /** Plans rows again (in row order); answers those placed, the others are `noProxy`. */
  const replan = (indexes: string[]): Set<string> => {
    const ordered = [...indexes].sort((a, b) => Number(a) - Number(b));
    const unplaced = new Set(pool.plan(ordered));
    for (const index of unplaced) errors.set(index, 'noProxy');
    return new Set(ordered.filter((index) => !unplaced.has(index)));
  };

  const step = async (candidate: AddCandidate) => {
    // A row displaced by a rest that found no other proxy has no place any more (its reason is set).
    const proxyId = pool.start(candidate.index);
    if (proxyId === null) return;
    const result = await attempt({ ...candidate, proxy: { steam: opened.get(proxyId)!, storedId: proxyId } });
    if ('addedId' in result) {
      pool.finish(candidate.index, true);
      addedIds.push(result.addedId);
      return;
    }
    pool.finish(candidate.index, false);
    if (!result.proxyRest) {
      errors.set(candidate.index, result.reason);
      return;
    }
    const displaced = pool.rest(proxyId);
    resting.add(proxyId);
    deps.log.info(
      { proxyId, displaced: displaced.length, metBySteam: result.proxyRest === 'metBySteam' },
      'Proxy resting after Steam rate limit; its planned accounts are planned again',
    );
    // The row never reached Steam when the rest was already running: it is planned again like the others.
    const notTried = result.proxyRest === 'alreadyRunning';
    const placed = replan(notTried ? [...displaced, candidate.index] : displaced);
    if (notTried) {
      if (placed.has(candidate.index)) queue.push(candidate);
      return;
    }
    // Steam limits by IP, so the row itself gets one more try on a fresh proxy, after the displaced rows.
    if (!retried.has(candidate.index) && pool.plan([candidate.index]).length === 0) {
      retried.add(candidate.index);
      queue.push(candidate);
      return;
    }
    errors.set(candidate.index, result.reason);
  };

  let next = 0;
  const worker = async () => {
    while (next < queue.length) await step(queue[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), queue.length) }, worker));
  const unplaced = candidates.some((c) => errors.get(c.index) === 'noProxy');
  if (!unplaced) return { addedIds, noRoom: null };
  // The rests as they stand now: one met during the import has its end only now.
  const ends = await Promise.all([...resting].map((id) => deps.steam.proxyRestUntil(opened.get(id)!)));
  const times = ends.filter((end): end is Date => end !== null).map((end) => end.getTime());
  return {
    addedIds,
    noRoom: {
      proxies: proxies.length,
      resting: times.length,
      restingUntil: times.length > 0 ? new Date(Math.min(...times)) : null,
      maxAccountsPerProxy: options.maxAccountsPerProxy,
    },
  };
}
