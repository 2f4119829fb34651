import type { ApiClient } from '@tradedeck/sdk/client';
import {
  type AccountsAddFinished,
  type contract,
  hubEvents,
  type OperationInput,
} from '@tradedeck/sdk/contract';
import { accessTokenFromApiClient, createHubClient } from '@tradedeck/sdk/hubs';

type AddInput = OperationInput<typeof contract.steamAccounts.addJob>;

export interface AddJobProgress {
  done: number;
  total: number;
}

/**
 * Adds accounts as a background job (`steamAccounts.addJob`) and follows it on steam-trading-hub: each ended
 * sign-in moves `onProgress`, the job's end (the per-row answer, or the failure of a job that could not run)
 * resolves. The hub is subscribed before the job starts, so its end cannot be missed; other jobs' events are told
 * apart by job id.
 */
export async function addAccountsAsJob(
  client: ApiClient,
  input: AddInput,
  onProgress: (progress: AddJobProgress) => void,
): Promise<AccountsAddFinished> {
  const hub = createHubClient({
    baseUrl: window.location.origin,
    hub: hubEvents.accountsAddFinished.hub,
    accessToken: accessTokenFromApiClient(client),
  });
  let jobId: string | null = null;
  const ended = new Map<string, AccountsAddFinished>();
  let finish: (event: AccountsAddFinished) => void = () => {};
  const finished = new Promise<AccountsAddFinished>((resolve) => {
    finish = resolve;
  });
  try {
    await hub.start();
    await hub.subscribe(hubEvents.accountsAddProgress, ({ payload }) => {
      if (payload.jobId === jobId) onProgress({ done: payload.done, total: payload.total });
    });
    await hub.subscribe(hubEvents.accountsAddFinished, ({ payload }) => {
      if (payload.jobId === jobId) finish(payload);
      else ended.set(payload.jobId, payload);
    });
    const started = await client.steamAccounts.addJob(input);
    jobId = started.jobId;
    onProgress({ done: 0, total: started.total });
    const early = ended.get(started.jobId);
    if (early) finish(early);
    return await finished;
  } finally {
    await hub.stop();
  }
}
