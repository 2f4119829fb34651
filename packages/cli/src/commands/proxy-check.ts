import { type contract, hubEvents, type OperationInput } from '@tradedeck/sdk/contract';
import type { ProxyStatusUpdated } from '@tradedeck/sdk/domain';
import { accessTokenFromApiClient, createHubClient, type HubClient } from '@tradedeck/sdk/hubs';
import type { CommandContext } from '../context.ts';
import { CliFailure, ExitCode } from '../exit-codes.ts';
import { type LiveView, openLiveView } from '../kit/live.ts';
import { type CheckProgress, countResult, emptyProgress } from './check-progress.ts';
import { hubFailure } from './hub-failure.ts';

export type CheckRequest = OperationInput<typeof contract.proxies.check>;

const VIEW_REFRESH_MS = 100;

/**
 * Starts a check and follows its results on `proxy-checker-hub` until every one arrived: a live view on a
 * terminal, one JSON line per result otherwise. The hub subscription is made before the check starts, so
 * no early result is missed.
 */
export async function runProxyCheck(
  ctx: CommandContext,
  request: CheckRequest,
  timeoutS: number | undefined,
): Promise<CheckProgress> {
  const api = ctx.client();
  if (!api.tokens.get())
    throw new CliFailure(ctx.t('authNeeded'), ExitCode.AuthNeeded, { error: 'auth-needed' });

  let startError: Error | null = null;
  let hub: HubClient | null = null;
  hub = createHubClient({
    baseUrl: ctx.serverUrl,
    hub: hubEvents.proxyStatusUpdated.hub,
    accessToken: accessTokenFromApiClient(api),
    onNotice: (notice) => {
      if (notice.kind === 'failed') {
        startError = notice.error;
        void hub?.stop();
      } else if (notice.kind === 'lost') ctx.io.stderr(`${ctx.t('hubLost')}\n`);
      else if (notice.kind === 'restored') ctx.io.stderr(`${ctx.t('hubRestored')}\n`);
    },
  });

  let view: LiveView<CheckProgress> | null = null;
  let batchId: string | null = null;
  let progress = emptyProgress(0, Date.now());
  const early: ProxyStatusUpdated[] = [];
  const seen = new Set<string>();
  let finish: (reason: 'done' | 'timeout' | 'interrupted') => void = () => {};
  const finished = new Promise<'done' | 'timeout' | 'interrupted'>((resolve) => {
    finish = resolve;
  });

  // Results of another check running at the same time are told apart by id when the ids were given.
  const wanted = request.ids ? new Set(request.ids.map(String)) : null;
  const take = (event: ProxyStatusUpdated) => {
    if (wanted && !wanted.has(String(event.id))) return;
    const key = String(event.id);
    if (seen.has(key)) return;
    seen.add(key);
    progress = countResult(progress, event.result === 1, Date.now());
    if (view) view.update(progress);
    else ctx.io.stdout(`${JSON.stringify(event)}\n`);
    if (progress.done >= progress.total) finish('done');
  };

  const onSignal = () => finish('interrupted');
  let timer: NodeJS.Timeout | null = null;
  try {
    await hub.start();
    if (startError) throw hubFailure(ctx, hubEvents.proxyStatusUpdated.hub, startError);
    await hub.subscribe(hubEvents.proxyStatusUpdated, ({ payload }) => {
      if (batchId === null) early.push(payload);
      else take(payload);
    });
    const started = await api.proxies.check(request);
    progress = emptyProgress(started.total, Date.now());
    if (started.total === 0) {
      ctx.io.stderr(`${ctx.t('checkNothing')}\n`);
      return progress;
    }
    view = await openLiveView(
      ctx,
      async () => {
        const { checkView } = await import('./check-view.tsx');
        return (p: CheckProgress) => checkView(p, ctx.t);
      },
      progress,
      // Rate and ETA age every second, also while no result arrives.
      { refreshMs: VIEW_REFRESH_MS, tick: (p, now) => ({ ...p, now }) },
    );
    batchId = started.batchId;
    for (const event of early.splice(0)) take(event);
    process.once('SIGINT', onSignal);
    if (timeoutS !== undefined) timer = setTimeout(() => finish('timeout'), timeoutS * 1000);
    const outcome = progress.done >= progress.total ? 'done' : await finished;
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
    await view?.close();
    await hub.stop();
  }
}
