import type { ApiClient } from '@tradedeck/sdk/client';
import { type contract, hubEvents, type OperationInput, type OperationOutput } from '@tradedeck/sdk/contract';
import { followJob, type JobHub, onJobEvent } from '@tradedeck/sdk/hubs';
import type { RunningChecks } from './running-checks.ts';

export type CheckRequest = OperationInput<typeof contract.proxies.check>;
type CheckStarted = OperationOutput<typeof contract.proxies.check>;

/**
 * Starts a check and follows it with the sdk's `followJob` on the screen's hub: subscribed before the check goes
 * out, so results that come before the answer are kept and counted once it came; results of other checks (another
 * tab, the CLI) are told apart by their batch id. The check ends when as many results as the server announced were
 * heard. Loaded when the first check starts, with the hub client the screen's live part loaded already.
 */
export async function followCheck(
  hub: JobHub,
  client: ApiClient,
  request: CheckRequest,
  checks: RunningChecks,
): Promise<CheckStarted> {
  let heard = 0;
  const job = await followJob<CheckStarted, void>(hub, {
    start: async () => {
      const started = await client.proxies.check(request);
      checks.started(started.total);
      return started;
    },
    listen: [
      onJobEvent(hubEvents.proxyStatusUpdated, (result, started, end) => {
        if (result.batchId !== started.batchId) return;
        checks.heard(result);
        heard += 1;
        if (heard >= started.total) end();
      }),
    ],
  });
  void job.ended.then(() => checks.ended());
  if (job.started.total === 0) job.end();
  return job.started;
}
