import { randomUUID } from 'node:crypto';
import {
  type AddJobStarted,
  type HubPayload,
  hubEvents,
  STEAM_TRADING_SOURCE,
} from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { JobContext, Jobs } from '../../jobs/jobs.ts';
import type { SecretSlot } from '../../security/envelope.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { AddAccountsService, AddInput } from './add-service.ts';
import { addJobFailed } from './messages.ts';

/** The queue every add job goes through. */
export const ADD_ACCOUNTS_QUEUE = 'steam-account-adds';
/** Add jobs running at once per server process (each signs in 8 accounts at a time). */
const ADD_JOBS_PER_PROCESS = 2;
/** Runs of a job after its first one failed (a restart of the server counts as one). */
export const ADD_JOB_RETRIES = 3;

/** What an add job carries: the request, its rows (passwords and maFiles) sealed for the user. */
export interface AddJobData {
  userId: string;
  jobId: string;
  lang: Language;
  mode: AddInput['mode'];
  distribute: AddInput['distribute'] | null;
  total: number;
  /** The request's row keys (not secret), so a job that cannot be run answers each row. */
  keys?: string[];
  /** The version of the user's accounts source when the job was sent: a resumed run reads its earlier events after it. */
  headVersion?: number;
  accountsEnc: string;
}

/** Where a job's rows are sealed: bound to the user and the job, never in the queue in the clear. */
function rowsSlot(userId: string, jobId: string): SecretSlot {
  return { userId, table: 'steam_account_add_jobs', column: 'accounts', rowId: jobId };
}

/** Where add jobs announce their progress and answers. */
function accountsSource(userId: string) {
  return { userId, hub: hubEvents.accountsAddProgress.hub, sourceId: STEAM_TRADING_SOURCE };
}

export interface AddJobDeps {
  add: AddAccountsService;
  secrets: SecretBox;
  jobs: Pick<Jobs, 'send' | 'work'>;
  eventLog: EventLog;
}

/**
 * `steamAccounts.addJob`: the add of `steamAccounts.add` as a job, so a long import (live Steam spaces sign-ins
 * through a proxy by 10 s) does not live inside one request. Each ended sign-in is announced as
 * `AccountsAddProgress`, the per-row answer as `AccountsAddFinished`, on the user's `accounts` source. A run after
 * a restart carries on from the first run's announcements: rows it added answer as added (never stored twice), its
 * signed-in rows are not announced again, and a job whose answer was already given ends without a second one.
 */
export class AddAccountsJobs {
  constructor(private readonly deps: AddJobDeps) {}

  async start(userId: string, input: AddInput, lang: Language): Promise<AddJobStarted> {
    const jobId = randomUUID();
    const total = Object.keys(input.accounts).length;
    const accountsEnc = await this.deps.secrets.encrypt(
      rowsSlot(userId, jobId),
      JSON.stringify(input.accounts),
    );
    const data: AddJobData = {
      userId,
      jobId,
      lang,
      mode: input.mode,
      distribute: input.distribute ?? null,
      total,
      keys: Object.keys(input.accounts),
      headVersion: await this.deps.eventLog.headVersion(accountsSource(userId)),
      accountsEnc,
    };
    await this.deps.jobs.send(ADD_ACCOUNTS_QUEUE, data, {
      id: jobId,
      retryLimit: ADD_JOB_RETRIES,
      retryDelaySeconds: 5,
    });
    return { jobId, total, sourceId: STEAM_TRADING_SOURCE };
  }

  /** Starts this process's workers (the app is ready: jobs and hubs exist). */
  async work(): Promise<void> {
    await this.deps.jobs.work<AddJobData>(ADD_ACCOUNTS_QUEUE, (job) => this.run(job), {
      workers: ADD_JOBS_PER_PROCESS,
    });
  }

  /**
   * A failed run is retried; the last one announces the failure instead, with every row answered by it, so a client
   * waiting for the job's end is not left waiting.
   */
  private async run(job: JobContext<AddJobData>): Promise<void> {
    try {
      await this.runOnce(job);
    } catch (error) {
      if (job.retryCount < ADD_JOB_RETRIES) throw error;
      await this.announceFailure(job.data);
    }
  }

  private async announceFailure(data: AddJobData): Promise<void> {
    const { jobId, lang, total, keys } = data;
    const failure = addJobFailed(ADD_JOB_RETRIES + 1)[lang];
    const rows = keys ?? Array.from({ length: total }, (_, i) => String(i));
    const errors = Object.fromEntries(
      rows.map((key) => [key, { reason: 'unknownError' as const, message: failure }]),
    );
    await this.announceFinished(data, {
      jobId,
      result: { addedAccounts: [], unchanged: [], errors },
      failure,
    });
  }

  /**
   * The job's one answer: two runs may overlap (a run whose lease ran out during a stall still ends while its
   * retry runs), and only the first to end announces it.
   */
  private async announceFinished(
    data: AddJobData,
    payload: HubPayload<typeof hubEvents.accountsAddFinished>,
  ): Promise<void> {
    await this.deps.eventLog.appendOnce(
      data.userId,
      hubEvents.accountsAddFinished,
      STEAM_TRADING_SOURCE,
      payload,
      {
        field: 'jobId',
        value: data.jobId,
        afterVersion: data.headVersion ?? 0,
      },
    );
  }

  /**
   * What earlier runs of the job announced: each login's sign-in (lower case: whether it was added) and whether the
   * job's answer was already given (a run killed after announcing it, before the job was marked done).
   */
  private async earlierRuns(
    data: AddJobData,
  ): Promise<{ signedIn: Map<string, boolean>; finished: boolean }> {
    const eventLog = this.deps.eventLog;
    const signedIn = new Map<string, boolean>();
    let finished = false;
    let after = data.headVersion ?? 0;
    for (;;) {
      const events = await eventLog.eventsAfterVersion(accountsSource(data.userId), after, 1000);
      if (events.length === 0) return { signedIn, finished };
      for (const event of events) {
        if (event.eventName === hubEvents.accountsAddFinished.name) {
          const payload = hubEvents.accountsAddFinished.payload.safeParse(event.payload);
          if (payload.success && payload.data.jobId === data.jobId) finished = true;
        } else if (event.eventName === hubEvents.accountsAddProgress.name) {
          const payload = hubEvents.accountsAddProgress.payload.safeParse(event.payload);
          if (payload.success && payload.data.jobId === data.jobId)
            signedIn.set(payload.data.login.toLowerCase(), payload.data.added);
        }
      }
      after = events.at(-1)!.version;
    }
  }

  private async runOnce(job: JobContext<AddJobData>): Promise<void> {
    const { userId, jobId, lang, total } = job.data;
    const accounts = JSON.parse(
      await this.deps.secrets.decrypt(rowsSlot(userId, jobId), job.data.accountsEnc),
    ) as AddInput['accounts'];
    const input = {
      mode: job.data.mode,
      accounts,
      ...(job.data.distribute ? { distribute: job.data.distribute } : {}),
    } as AddInput;
    const eventLog = this.deps.eventLog;
    // A run after a crash or a restart carries on from what the earlier runs announced.
    const earlier = job.retryCount > 0 ? await this.earlierRuns(job.data) : null;
    if (earlier?.finished) return;
    const signedIn = earlier?.signedIn ?? new Map<string, boolean>();
    let done = Math.min(signedIn.size, total);
    // Sign-ins end concurrently: appends are chained so the log holds the counts in the order they were taken.
    let announced: Promise<void> = Promise.resolve();
    const addedBefore = new Set([...signedIn].filter(([, added]) => added).map(([login]) => login));
    const onSignIn = (login: string, added: boolean) => {
      // A row an earlier run announced (its sign-in failed then) is tried again, but counted once.
      if (signedIn.has(login.toLowerCase())) return announced;
      signedIn.set(login.toLowerCase(), added);
      done = Math.min(done + 1, total);
      const event = { jobId, login, added, done, total };
      announced = announced.then(async () => {
        await eventLog.append(userId, hubEvents.accountsAddProgress, STEAM_TRADING_SOURCE, event);
      });
      return announced;
    };
    const result = await this.deps.add.add(userId, input, lang, onSignIn, addedBefore);
    await this.announceFinished(job.data, { jobId, result, failure: null });
  }
}
