import type { P2pBulkResult } from '@tradedeck/sdk/contract';
import type { CommandContext } from '../../context.ts';
import { confirmDestructive } from '../../kit/confirm.ts';
import { type LiveView, openLiveView } from '../../kit/live.ts';
import { settleBatch } from '../../kit/outcome.ts';
import type { MessageKey } from '../../texts/message.ts';
import type { BulkProgress } from './p2p-views.tsx';

export type SellerAction = 'start' | 'pause' | 'stop' | 'remove' | 'resetError';

interface ChunkAnswer extends P2pBulkResult {
  outcome?: 'complete' | 'incomplete';
  cancelledDeliveries?: number;
}

/** Accounts per request, so the live view moves on a run over hundreds. */
const CHUNK = 10;
const VIEW_REFRESH_MS = 100;

const ACTION_WORD: Record<SellerAction, MessageKey> = {
  start: 'actionStart',
  pause: 'actionPause',
  stop: 'actionStop',
  remove: 'actionRemove',
  resetError: 'actionResetError',
};

function send(
  ctx: CommandContext,
  action: SellerAction,
  ids: number[],
  force: boolean,
): Promise<ChunkAnswer> {
  const p2p = ctx.client().p2p;
  if (action === 'start') return p2p.start({ ids });
  if (action === 'pause') return p2p.pause({ ids });
  if (action === 'stop') return p2p.stop({ ids, force });
  if (action === 'resetError') return p2p.resetError({ ids });
  return p2p.remove({ ids, force });
}

/**
 * Runs start, pause, stop, delete or the marketplace error reset over the chosen accounts. Delete always asks first, and so does a stop of more
 * than one account (`--yes` skips it). A terminal sees a live bar with refused accounts listed as they come; a pipe
 * (or `--json`) gets one JSON line per account. The summary and a stop's outcome go to stderr; exit 3 when some
 * accounts were refused, 1 when all were.
 */
export async function runSellerBulk(
  ctx: CommandContext,
  action: SellerAction,
  chosen: ReadonlyMap<number, string>,
  options: { force: boolean; yes: boolean | undefined },
): Promise<void> {
  const ids = [...chosen.keys()];
  if (ids.length === 0) {
    ctx.io.stderr(`${ctx.t('noActiveAccounts')}\n`);
    return;
  }
  if (action === 'remove' || (action === 'stop' && ids.length > 1)) {
    const key: MessageKey =
      action === 'remove'
        ? 'rmSellersAction'
        : options.force
          ? 'stopSellersForceAction'
          : 'stopSellersAction';
    await confirmDestructive(ctx, {
      yes: options.yes,
      action: ctx.t(key, { count: ids.length }),
      items: ids.map((id) => `${chosen.get(id)} (id ${id})`),
    });
  }
  const title = ctx.t(ACTION_WORD[action]);
  let progress: BulkProgress = { title, done: 0, total: ids.length, succeeded: 0, failures: [] };
  const view: LiveView<BulkProgress> | null = await openLiveView(
    ctx,
    async () => {
      const { bulkView } = await import('./p2p-views.tsx');
      return (state: BulkProgress) => bulkView(state, ctx.t);
    },
    progress,
    { refreshMs: VIEW_REFRESH_MS },
  );
  const line = (data: Record<string, unknown>) => ctx.io.stdout(`${JSON.stringify({ action, ...data })}\n`);
  let cancelled = 0;
  let outcome: 'complete' | 'incomplete' | null = null;
  try {
    for (let start = 0; start < ids.length; start += CHUNK) {
      const chunk = ids.slice(start, start + CHUNK);
      const answer = await send(ctx, action, chunk, options.force);
      cancelled += answer.cancelledDeliveries ?? 0;
      if (answer.outcome) outcome = outcome === 'incomplete' ? 'incomplete' : answer.outcome;
      const failures = answer.failed.map((failure) => ({
        id: failure.id,
        login: chosen.get(failure.id) ?? `id ${failure.id}`,
        message: failure.message,
      }));
      if (!view) {
        for (const id of answer.succeededIds) line({ id, login: chosen.get(id), ok: true });
        for (const failure of answer.failed) {
          line({
            id: failure.id,
            login: chosen.get(failure.id),
            ok: false,
            reason: failure.reason,
            message: failure.message,
          });
        }
      }
      progress = {
        ...progress,
        done: progress.done + chunk.length,
        succeeded: progress.succeeded + answer.succeededIds.length,
        failures: [...progress.failures, ...failures],
      };
      view?.update(progress);
    }
  } finally {
    await view?.close();
  }
  const summary = ctx.t('bulkSummary', { action: title, done: progress.succeeded, total: ids.length });
  ctx.io.stderr(`${summary}\n`);
  if (cancelled > 0) ctx.io.stderr(`${ctx.t('cancelledTrades', { count: cancelled })}\n`);
  if (outcome) ctx.io.stderr(`${ctx.t(outcome === 'complete' ? 'stopComplete' : 'stopIncomplete')}\n`);
  settleBatch(summary, { done: progress.succeeded, failed: progress.failures.length });
}
