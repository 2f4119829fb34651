import { hubEvents, type SellerAccountRow, type SellerAccountUpdated } from '@tradedeck/sdk/contract';
import { followJob, onJobEvent } from '@tradedeck/sdk/hubs';
import type { CommandContext } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { openHub } from '../../kit/hub.ts';
import { type LiveView, openLiveView } from '../../kit/live.ts';
import { allSellers } from './p2p-targets.ts';

type Reason = 'online' | 'timeout' | 'interrupted' | 'failed';

const VIEW_REFRESH_MS = 100;

const isOnline = (row: SellerAccountRow) => row.platforms.some((state) => state.status === 'online');

function applied(row: SellerAccountRow, event: SellerAccountUpdated): SellerAccountRow {
  const { status, platforms, balances, ordersCount, activeDeliveries, lastPingAt } = event;
  return { ...row, status, platforms, balances, ordersCount, activeDeliveries, lastPingAt };
}

/**
 * Follows seller accounts on `seller-hub`: a live table on a terminal, one JSON line per change otherwise. Runs
 * until Ctrl+C, or with `untilOnline` until every watched account is online (exit 1 when the timeout comes
 * first).
 */
export async function watchSellers(
  ctx: CommandContext,
  chosen: ReadonlyMap<number, string> | null,
  options: { untilOnline: boolean; timeoutS: number | undefined },
): Promise<void> {
  let end: (reason: Reason) => void = () => {};
  let hubError: Error | null = null;
  const hub = await openHub(ctx, hubEvents.sellerAccountUpdated.hub, {
    onNotice: (notice) => {
      if (notice.kind === 'failed') {
        hubError = notice.error;
        end('failed');
      } else if (notice.kind === 'lost') ctx.io.stderr(`${ctx.t('hubLost')}\n`);
      else if (notice.kind === 'restored') ctx.io.stderr(`${ctx.t('hubRestored')}\n`);
    },
  });
  const rows = new Map<number, SellerAccountRow>();
  const live = !ctx.json && ctx.io.terminal ? ctx.io.terminal : null;
  let view: LiveView<SellerAccountRow[]> | null = null;
  const check = () => {
    if (options.untilOnline && rows.size > 0 && [...rows.values()].every(isOnline)) end('online');
  };
  const onSignal = () => end('interrupted');
  let timer: NodeJS.Timeout | null = null;
  try {
    // Subscribed before the first read, so no change after it is missed; a change before it is in what it reads.
    const watch = await followJob<void, Reason>(hub, {
      beforeStart: 'drop',
      start: async () => {
        for (const row of await allSellers(ctx)) if (!chosen || chosen.has(row.id)) rows.set(row.id, row);
      },
      listen: [
        onJobEvent(hubEvents.sellerAccountUpdated, (payload) => {
          const row = rows.get(payload.accountId);
          if (!row) return;
          if (payload.removed) rows.delete(payload.accountId);
          else rows.set(payload.accountId, applied(row, payload));
          if (view) view.update([...rows.values()]);
          // On a terminal a change before the view opens is drawn by it; only piped output prints each one.
          else if (!live) ctx.io.stdout(`${JSON.stringify({ login: row.login, ...payload })}\n`);
          check();
        }),
      ],
    });
    end = watch.end;
    if (hubError) end('failed');
    if (live) {
      view = await openLiveView(
        ctx,
        async () => {
          const { watchView } = await import('./p2p-views.tsx');
          return (state: SellerAccountRow[]) => watchView(state, ctx.t, ctx.lang);
        },
        [...rows.values()],
        { refreshMs: VIEW_REFRESH_MS },
      );
      // Changes that came while the view module loaded are in `rows`, not in the state the view opened with.
      view?.update([...rows.values()]);
    } else for (const row of rows.values()) ctx.io.stdout(`${JSON.stringify(row)}\n`);
    process.once('SIGINT', onSignal);
    if (options.timeoutS !== undefined) timer = setTimeout(() => end('timeout'), options.timeoutS * 1000);
    check();
    const reason = await watch.ended;
    if (reason === 'failed') {
      const text = ctx.t('hubConnectFailed', {
        hub: 'seller-hub',
        reason: (hubError as Error | null)?.message ?? '',
      });
      throw new CliFailure(text, ExitCode.Error, { error: text });
    }
    // The last table is drawn before the closing line, so the line is not caught in a redraw.
    await view?.close();
    view = null;
    if (reason === 'online') ctx.io.stderr(`${ctx.t('watchAllOnline')}\n`);
    if (reason === 'timeout' && options.untilOnline) {
      const text = ctx.t('watchTimedOut', { seconds: options.timeoutS ?? 0 });
      throw new CliFailure(text, ExitCode.Error, { error: 'timeout' });
    }
  } finally {
    process.off('SIGINT', onSignal);
    if (timer) clearTimeout(timer);
    await (view as LiveView<SellerAccountRow[]> | null)?.close();
    await hub.stop();
  }
}
