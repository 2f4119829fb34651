import { randomUUID } from 'node:crypto';
import { hubEvents, type P2pBulkResult, ResultCode, SELLER_SOURCE } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import { AppError } from '../../http/app-error.ts';
import { announceAccount } from './announce.ts';
import { openCredentials } from './credentials.ts';
import { DeliverySteps } from './deliveries.ts';
import type { SellerShared } from './deps.ts';
import { type LoopWakers, sendLoopJob } from './loop.ts';
import { sellerMessages } from './messages.ts';
import type { NewSellerAccount, SellerAccountView } from './repo.ts';
import { toAccountEvent } from './views.ts';

type Failure = P2pBulkResult['failed'][number];
type SellerBulkJob = 'sellerStart' | 'sellerPause' | 'sellerStop' | 'sellerRemove';
type Outcome = { ok: true; cancelled?: number } | { ok: false; failure: Failure };

/**
 * Start, pause, stop and delete, one account at a time with an outcome each (docs/product-trading.md §4 "P2P
 * account actions"): a safe stop or delete is refused while a delivery is active; a forced one fails the
 * active deliveries first (their offers cancelled on Steam where they were sent).
 */
export class SellerLifecycleService {
  readonly #steps: DeliverySteps;

  constructor(
    private readonly deps: SellerShared,
    private readonly wakers: LoopWakers,
  ) {
    this.#steps = new DeliverySteps(deps);
  }

  async start(userId: string, ids: number[], lang: Language) {
    const result = await this.each('sellerStart', userId, ids, lang, null, async (view) => {
      if (view.status === 'running') return { ok: true };
      const jobId = view.status === 'stopped' || !view.loopJobId ? randomUUID() : view.loopJobId;
      await this.setStatus(userId, view.id, {
        status: 'running',
        loopJobId: jobId,
        ...(view.status === 'stopped'
          ? { platformStatus: 'none', platformReason: null, platformDetail: null }
          : {}),
      });
      if (jobId !== view.loopJobId) await sendLoopJob(this.deps, { userId, accountId: view.id }, jobId);
      this.wakers.wake(view.id);
      return { ok: true };
    });
    return result;
  }

  async pause(userId: string, ids: number[], lang: Language) {
    return this.each(
      'sellerPause',
      userId,
      ids,
      lang,
      (view) => view.status === 'running',
      async (view) => {
        await this.setStatus(userId, view.id, { status: 'paused' });
        this.wakers.wake(view.id);
        return { ok: true };
      },
    );
  }

  async stop(userId: string, ids: number[], force: boolean, lang: Language) {
    let cancelled = 0;
    const result = await this.each(
      'sellerStop',
      userId,
      ids,
      lang,
      (view) => view.status !== 'stopped' || view.activeDeliveries > 0,
      async (view) => {
        const refused = this.safetyCheck(view, force, lang);
        if (refused) return refused;
        if (force) cancelled += await this.#steps.cancelAll(this.owner(userId, view));
        await this.setStatus(userId, view.id, {
          status: 'stopped',
          loopJobId: null,
          platformStatus: 'none',
          platformReason: 'notRunning',
          platformDetail: null,
          platformUpdatedAt: new Date(this.deps.now()),
        });
        await this.goOffline(view);
        this.wakers.wake(view.id);
        return { ok: true };
      },
    );
    return {
      ...result,
      outcome: result.failed.length === 0 ? 'complete' : 'incomplete',
      cancelledDeliveries: cancelled,
    } as const;
  }

  async remove(userId: string, ids: number[], force: boolean, lang: Language) {
    let cancelled = 0;
    const result = await this.each('sellerRemove', userId, ids, lang, null, async (view) => {
      const refused = this.safetyCheck(view, force, lang);
      if (refused) return refused;
      if (force) cancelled += await this.#steps.cancelAll(this.owner(userId, view));
      if (view.status !== 'stopped') await this.goOffline(view);
      await this.deps.repo.run(userId, async (q) => {
        const last = await q.view(view.id);
        if (!(await q.remove(view.id)) || !last) return;
        await this.deps.eventLog.append(
          userId,
          hubEvents.sellerAccountUpdated,
          SELLER_SOURCE,
          toAccountEvent({ ...last, activeDeliveries: 0 }, true),
          q.tx,
        );
      });
      this.wakers.wake(view.id);
      return { ok: true };
    });
    return { ...result, cancelledDeliveries: cancelled };
  }

  /**
   * Resets a marketplace error (platform status error: a bad key or a selling ban) once the market's own check
   * (`test`) passes again: the stored error is cleared and the account's loop starts over with nothing remembered,
   * so it pings and syncs at once. An account not in error is left as it is; while the market still refuses, the
   * error stays and the account fails with the spec's "Marketplace error reset failed".
   */
  async resetError(userId: string, ids: number[], lang: Language) {
    return this.each(null, userId, ids, lang, null, async (view) => {
      if (view.platformStatus !== 'error') return { ok: true };
      const creds = await openCredentials(this.deps.secrets, view);
      const checked = await this.deps.market.statusFlags(creds);
      if (!checked.ok || !checked.flags.notMarketBanned) {
        const unreachable = !checked.ok && checked.reason === 'marketUnavailable';
        return {
          ok: false,
          failure: {
            id: view.id,
            resultCode: unreachable ? ResultCode.ServiceUnavailable : ResultCode.OperationRejected,
            message: sellerMessages.marketplaceErrorResetFailed[lang],
            reason: 'failed',
          },
        };
      }
      const loopJobId = view.status === 'stopped' ? null : randomUUID();
      const reset = await this.deps.repo.run(userId, async (q) => {
        const cleared = await q.updateIfPlatformError(view.id, {
          loopJobId,
          platformStatus: 'none',
          platformReason: view.status === 'stopped' ? 'notRunning' : null,
          platformDetail: null,
          platformUpdatedAt: new Date(this.deps.now()),
        });
        if (cleared) await announceAccount(this.deps.eventLog, userId, q, view.id);
        return cleared;
      });
      if (!reset) return { ok: true };
      // The loop that saw the error ends (the account's job is no longer its own); a fresh one forgets it.
      this.wakers.wake(view.id);
      if (loopJobId) await sendLoopJob(this.deps, { userId, accountId: view.id }, loopJobId);
      return { ok: true };
    });
  }

  private safetyCheck(view: SellerAccountView, force: boolean, lang: Language): Outcome | null {
    if (force || view.activeDeliveries === 0) return null;
    return {
      ok: false,
      failure: {
        id: view.id,
        resultCode: ResultCode.ResourceInUse,
        message: sellerMessages.safetyCheckFailed[lang],
        reason: 'activeTrades',
      },
    };
  }

  /**
   * Runs `act` for each account; `applies` tells which accounts the action is for: none of the found ones
   * applying is "No active accounts selected", and the others fail alone as not active.
   */
  private async each(
    job: SellerBulkJob | null,
    userId: string,
    ids: number[],
    lang: Language,
    applies: ((view: SellerAccountView) => boolean) | null,
    act: (view: SellerAccountView) => Promise<Outcome>,
  ): Promise<P2pBulkResult> {
    const unique = [...new Set(ids)];
    const views = new Map(
      (await this.deps.repo.run(userId, (q) => q.views(unique))).map((view) => [view.id, view]),
    );
    if (applies && views.size > 0 && ![...views.values()].some(applies))
      throw new AppError({ code: ResultCode.InvalidState, text: sellerMessages.noActiveAccounts });
    const succeededIds: number[] = [];
    const failed: Failure[] = [];
    for (const id of unique) {
      const view = views.get(id);
      if (!view) {
        failed.push({
          id,
          resultCode: ResultCode.NotFound,
          message: sellerMessages.accountNotFound[lang],
          reason: 'notFound',
        });
        continue;
      }
      if (applies && !applies(view)) {
        failed.push({
          id,
          resultCode: ResultCode.InvalidState,
          message: sellerMessages.notActive[lang],
          reason: 'notActive',
        });
        continue;
      }
      try {
        const outcome = await act(view);
        if (outcome.ok) succeededIds.push(id);
        else failed.push(outcome.failure);
      } catch (error) {
        this.deps.log.warn({ err: error, sellerAccountId: id }, 'seller account action failed');
        failed.push({
          id,
          resultCode: error instanceof AppError ? error.resultCode : ResultCode.UndefinedError,
          message:
            error instanceof AppError ? error.messageFor(lang) : sellerMessages.apiConnectionError[lang],
          reason: 'failed',
        });
      }
    }
    // One account is an action, not a bulk job: only several get a notification of their end (a reset, one
    // market check each, is not a long job).
    if (job && unique.length > 1)
      await this.deps.notifications.post(userId, {
        kind: 'bulkJobFinished',
        params: { job, total: unique.length, succeeded: succeededIds.length, failed: failed.length },
        link: '/panel/accounts',
      });
    return {
      succeededIds,
      failed,
      message: failed.length > 0 ? sellerMessages.someNotProcessed[lang] : null,
    };
  }

  private owner(userId: string, view: SellerAccountView) {
    return { userId, sellerAccountId: view.id, steamAccountId: view.steamAccountId };
  }

  private async setStatus(userId: string, id: number, values: Partial<NewSellerAccount>) {
    await this.deps.repo.run(userId, async (q) => {
      await q.update(id, values);
      const view = await q.view(id);
      if (view)
        await this.deps.eventLog.append(
          userId,
          hubEvents.sellerAccountUpdated,
          SELLER_SOURCE,
          toAccountEvent(view),
          q.tx,
        );
    });
  }

  /** Tells the market the account is offline (best effort: a stopped account stops pinging anyway). */
  private async goOffline(view: SellerAccountView): Promise<void> {
    try {
      const creds = await openCredentials(this.deps.secrets, view);
      await this.deps.market.goOffline(creds);
    } catch (error) {
      this.deps.log.info({ err: error, sellerAccountId: view.id }, 'go-offline not sent');
    }
  }
}
