import { type contract, hubEvents, type OperationInput, type OperationOutput } from '@tradedeck/sdk/contract';
import { followJob, onJobEvent } from '@tradedeck/sdk/hubs';
import type { CommandContext } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { openHub } from '../../kit/hub.ts';
import { type LiveView, openLiveView } from '../../kit/live.ts';
import { type CheckProgress, countResult, emptyProgress } from './check-progress.ts';

export type CheckRequest = OperationInput<typeof contract.proxies.check>;

type CheckStarted = OperationOutput<typeof contract.proxies.check>;
type Outcome = 'done' | 'timeout' | 'interrupted';

const VIEW_REFRESH_MS = 100;

/**
 * Starts a check and follows its results on `proxy-checker-hub` until the batch ends: a live view on a
 * terminal, one JSON line per result otherwise. The hub subscription is made before the check starts, so
 * no early result is missed.
 */
export async function runProxyCheck(
  ctx: CommandContext,
  request: CheckRequest,
  timeoutS: number | undefined,
): Promise<CheckProgress> {
  const hub = await openHub(ctx, hubEvents.proxyStatusUpdated.hub);
  let view: LiveView<CheckProgress> | null = null;
  let progress = emptyProgress(0, Date.now());
  const seen = new Set<string>();
  let end: (outcome: Outcome) => void = () => {};
  const onSignal = () => end('interrupted');
  let timer: NodeJS.Timeout | null = null;
  try {
    const job = await followJob<CheckStarted, Outcome>(hub, {
      // The view opens before the first result is taken: results that come meanwhile wait for it.
      start: async () => {
        const started = await ctx.client().proxies.check(request);
        progress = emptyProgress(started.total, Date.now());
        if (started.total > 0) view = await openCheckView(ctx, progress);
        return started;
      },
      listen: [
        // Results of another check running at the same time (another terminal, the panel) carry its batch id.
        onJobEvent(hubEvents.proxyStatusUpdated, (event, started, done) => {
          const key = String(event.id);
          if (event.batchId !== started.batchId || seen.has(key)) return;
          seen.add(key);
          progress = countResult(progress, event.result === 1, Date.now());
          if (view) view.update(progress);
          else ctx.io.stdout(`${JSON.stringify(event)}\n`);
          if (progress.done >= progress.total) done('done');
        }),
        // A proxy deleted during the check is never announced: the batch's end ends the wait.
        onJobEvent(hubEvents.proxyCheckFinished, (event, started, done) => {
          if (event.batchId === started.batchId) done('done');
        }),
      ],
    });
    end = job.end;
    if (job.started.total === 0) {
      job.end('done');
      ctx.io.stderr(`${ctx.t('checkNothing')}\n`);
      return progress;
    }
    process.once('SIGINT', onSignal);
    if (timeoutS !== undefined) timer = setTimeout(() => job.end('timeout'), timeoutS * 1000);
    const outcome = await job.ended;
    if (outcome !== 'done') {
      const key = outcome === 'timeout' ? 'checkTimedOut' : 'checkInterrupted';
      throw new CliFailure(ctx.t(key, { done: progress.done, total: progress.total }), ExitCode.Error, {
        error: outcome,
        ...progress,
      });
    }
    return progress;
  } finally {
    process.off('SIGINT', onSignal);
    if (timer) clearTimeout(timer);
    await (view as LiveView<CheckProgress> | null)?.close();
    await hub.stop();
  }
}

function openCheckView(
  ctx: CommandContext,
  progress: CheckProgress,
): Promise<LiveView<CheckProgress> | null> {
  return openLiveView(
    ctx,
    async () => {
      const { checkView } = await import('./check-view.tsx');
      return (p: CheckProgress) => checkView(p, ctx.t);
    },
    progress,
    // Rate and ETA age every second, also while no result arrives.
    { refreshMs: VIEW_REFRESH_MS, tick: (p, now) => ({ ...p, now }) },
  );
}
