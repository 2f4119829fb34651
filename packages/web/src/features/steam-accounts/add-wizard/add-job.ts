import type { ApiClient } from '@tradedeck/sdk/client';
import {
  type AccountsAddFinished,
  type AddJobStarted,
  type contract,
  hubEvents,
  type OperationInput,
} from '@tradedeck/sdk/contract';
import { accessTokenFromApiClient, createHubClient, followJob, onJobEvent } from '@tradedeck/sdk/hubs';

type AddInput = OperationInput<typeof contract.steamAccounts.addJob>;

export interface AddJobProgress {
  done: number;
  total: number;
}

/**
 * Adds accounts as a background job (`steamAccounts.addJob`) and follows it on steam-trading-hub with the sdk's
 * `followJob`: each ended sign-in moves `onProgress`, the job's end (the per-row answer, or the failure of a job
 * that could not run) resolves. The hub is subscribed before the job starts, so its end cannot be missed; other
 * jobs' events are told apart by job id. The hub is the active workspace's, where the job runs.
 */
export async function addAccountsAsJob(
  client: ApiClient,
  workspace: string | null,
  input: AddInput,
  onProgress: (progress: AddJobProgress) => void,
): Promise<AccountsAddFinished> {
  const hub = createHubClient({
    baseUrl: window.location.origin,
    hub: hubEvents.accountsAddFinished.hub,
    accessToken: accessTokenFromApiClient(client),
    workspace,
  });
  try {
    await hub.start();
    const job = await followJob<AddJobStarted, AccountsAddFinished>(hub, {
      start: async () => {
        const started = await client.steamAccounts.addJob(input);
        onProgress({ done: 0, total: started.total });
        return started;
      },
      listen: [
        onJobEvent(hubEvents.accountsAddProgress, (payload, started) => {
          if (payload.jobId === started.jobId) onProgress({ done: payload.done, total: payload.total });
        }),
        onJobEvent(hubEvents.accountsAddFinished, (payload, started, end) => {
          if (payload.jobId === started.jobId) end(payload);
        }),
      ],
    });
    return await job.ended;
  } finally {
    await hub.stop();
  }
}
