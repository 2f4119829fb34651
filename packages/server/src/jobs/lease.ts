import { type HeldRun, type JobLeaseRepo, runKey } from './repo.ts';

export interface LeaseTiming {
  /** How long a run holds its job without renewing; a run whose process died is taken over after this. */
  leaseSeconds: number;
  /** How often a live run renews (a few renewals per lease, so one slow renewal does not lose it). */
  renewEveryMs: number;
}

export interface HeldLease {
  /** Aborted when the lease is lost: another worker now runs the job, this run must stop. */
  readonly lost: AbortSignal;
  end(): void;
}

interface KeptRun extends HeldRun {
  lost: AbortController;
}

/**
 * Keeps the leases of every run of this process: renews them all in one statement every `renewEveryMs`, and a run's
 * first as soon as it starts (the job was taken with a long hold: the first renewal sets the lease). One statement
 * a tick whatever the number of runs: a renewal per run was 51 statements a second at 256 seller loops, queued
 * with pg-boss's fetches, and under load a live run's lease lapsed behind them. A renewal that finds a run no
 * longer holds its job (its lease ran out during a stall and the job was retried) aborts the run's `lost`. A failed
 * renewal (database unreachable) is tried again at the next tick; leases may lapse meanwhile.
 */
export class LeaseKeeper {
  readonly #runs = new Set<KeptRun>();
  readonly #timer: NodeJS.Timeout;
  #renewing = false;
  /** Runs started while a renewal was under way: their first renewal follows it at once. */
  #again = false;

  constructor(
    private readonly repo: JobLeaseRepo,
    private readonly timing: LeaseTiming,
    private readonly owner: string,
    private readonly onError: (error: Error) => void,
  ) {
    this.#timer = setInterval(() => this.#renewAll(), timing.renewEveryMs);
    this.#timer.unref();
  }

  hold(run: HeldRun): HeldLease {
    const kept: KeptRun = { ...run, lost: new AbortController() };
    this.#runs.add(kept);
    this.#renewAll();
    return {
      lost: kept.lost.signal,
      end: () => {
        this.#runs.delete(kept);
      },
    };
  }

  /** Stops renewing; runs still held keep their lease until it runs out. */
  stop(): void {
    clearInterval(this.#timer);
  }

  #renewAll(): void {
    if (this.#renewing) {
      this.#again = true;
      return;
    }
    const runs = [...this.#runs];
    if (runs.length === 0) return;
    this.#renewing = true;
    this.#again = false;
    this.repo
      .renewAll(runs, this.timing.leaseSeconds, this.owner)
      .then(
        (held) => {
          for (const run of runs) {
            // A run that ended meanwhile may have let its job go: only runs still working can lose it.
            if (this.#runs.has(run) && !held.has(runKey(run)))
              run.lost.abort(new Error('The job was taken over by another worker after its lease ran out'));
          }
        },
        (error: unknown) => this.onError(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => {
        this.#renewing = false;
        if (this.#again) this.#renewAll();
      });
  }
}
