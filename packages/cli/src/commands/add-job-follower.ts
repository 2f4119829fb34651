import {
  type AccountsAddFinished,
  type contract,
  hubEvents,
  type OperationInput,
} from '@tradedeck/sdk/contract';
import type { AddAccountsResult } from '@tradedeck/sdk/domain';
import { accessTokenFromApiClient, createHubClient, type HubClient } from '@tradedeck/sdk/hubs';
import type { CommandContext } from '../context.ts';
import { hubFailure } from './hub-failure.ts';

type AddInput = OperationInput<typeof contract.steamAccounts.add>;

/**
 * Adds accounts through `steamAccounts.addJob` and follows the job on `steam-trading-hub`: each ended sign-in
 * reaches `onSignIn`, and the job's per-row answer (as `steamAccounts.add` gives it) resolves `add`. The hub is
 * subscribed before a job starts, so no event is missed; events of other jobs are told apart by job id.
 */
export class AddJobFollower {
  private hub: HubClient | null = null;
  private failure: Error | null = null;
  private readonly finished = new Map<string, AccountsAddFinished['result']>();
  private readonly waiting = new Map<string, (result: AddAccountsResult) => void>();
  private current: string | null = null;

  constructor(
    private readonly ctx: CommandContext,
    private readonly onSignIn: (login: string, added: boolean) => void,
  ) {}

  async start(): Promise<void> {
    const api = this.ctx.client();
    const hub = createHubClient({
      baseUrl: this.ctx.serverUrl,
      hub: hubEvents.accountsAddFinished.hub,
      accessToken: accessTokenFromApiClient(api),
      onNotice: (notice) => {
        if (notice.kind === 'failed') this.failure = notice.error;
        else if (notice.kind === 'lost') this.ctx.io.stderr(`${this.ctx.t('hubLost')}\n`);
        else if (notice.kind === 'restored') this.ctx.io.stderr(`${this.ctx.t('hubRestored')}\n`);
      },
    });
    this.hub = hub;
    await hub.start();
    if (this.failure) throw hubFailure(this.ctx, hubEvents.accountsAddFinished.hub, this.failure);
    await hub.subscribe(hubEvents.accountsAddProgress, ({ payload }) => {
      if (payload.jobId === this.current) this.onSignIn(payload.login, payload.added);
    });
    await hub.subscribe(hubEvents.accountsAddFinished, ({ payload }) => {
      const resolve = this.waiting.get(payload.jobId);
      if (resolve) resolve(payload.result);
      else this.finished.set(payload.jobId, payload.result);
    });
  }

  /** Runs one add job to its end and answers its per-row result. */
  async add(input: AddInput): Promise<AddAccountsResult> {
    const started = await this.ctx.client().steamAccounts.addJob(input);
    this.current = started.jobId;
    const early = this.finished.get(started.jobId);
    if (early) return early;
    return new Promise((resolve) => this.waiting.set(started.jobId, resolve));
  }

  async stop(): Promise<void> {
    await this.hub?.stop();
  }
}
