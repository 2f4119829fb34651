import { type AddJobStarted, type contract, hubEvents, type OperationInput } from '@tradedeck/sdk/contract';
import type { AddAccountsResult } from '@tradedeck/sdk/domain';
import { followJob, type HubClient, onJobEvent } from '@tradedeck/sdk/hubs';
import type { CommandContext } from '../../context.ts';
import { openHub } from '../../kit/hub.ts';

type AddInput = OperationInput<typeof contract.steamAccounts.add>;

/**
 * Adds accounts through `steamAccounts.addJob`, one job at a time over one `steam-trading-hub` connection: each
 * ended sign-in reaches `onSignIn`, and the job's per-row answer (as `steamAccounts.add` gives it) resolves `add`.
 */
export class AddJobFollower {
  private hub: HubClient | null = null;

  constructor(
    private readonly ctx: CommandContext,
    private readonly onSignIn: (login: string, added: boolean) => void,
  ) {}

  async start(): Promise<void> {
    this.hub = await openHub(this.ctx, hubEvents.accountsAddFinished.hub);
  }

  /** Runs one add job to its end and answers its per-row result. */
  async add(input: AddInput): Promise<AddAccountsResult> {
    if (!this.hub) throw new Error('AddJobFollower.add before start');
    const job = await followJob<AddJobStarted, AddAccountsResult>(this.hub, {
      start: () => this.ctx.client().steamAccounts.addJob(input),
      listen: [
        onJobEvent(hubEvents.accountsAddProgress, (payload, started) => {
          if (payload.jobId === started.jobId) this.onSignIn(payload.login, payload.added);
        }),
        onJobEvent(hubEvents.accountsAddFinished, (payload, started, end) => {
          if (payload.jobId === started.jobId) end(payload.result);
        }),
      ],
    });
    return job.ended;
  }

  async stop(): Promise<void> {
    await this.hub?.stop();
  }
}
