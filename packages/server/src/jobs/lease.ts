import type { JobLeaseRepo } from './repo.ts';

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

/**
 * Keeps one run's lease on its job while the run works: renews it every `renewEveryMs`. A renewal that finds the
 * run no longer holds the job (its lease ran out during a stall and the job was retried) aborts `lost`. A failed
 * renewal (database unreachable) is tried again at the next tick; the lease may lapse meanwhile.
 */
export function holdLease(
  repo: JobLeaseRepo,
  job: { queue: string; id: string; run: number; owner: string },
  timing: LeaseTiming,
  onError: (error: Error) => void,
): HeldLease {
  const lost = new AbortController();
  let renewing = false;
  const renew = () => {
    if (renewing || lost.signal.aborted) return;
    renewing = true;
    repo
      .renew(job.queue, job.id, job.run, timing.leaseSeconds, job.owner)
      .then(
        (held) => {
          if (!held)
            lost.abort(new Error('The job was taken over by another worker after its lease ran out'));
        },
        (error: unknown) => onError(error instanceof Error ? error : new Error(String(error))),
      )
      .finally(() => {
        renewing = false;
      });
  };
  // The job was sent with a long hold (pg-boss's worker times runs out by it): the first renewal sets the lease.
  renew();
  const timer = setInterval(renew, timing.renewEveryMs);
  timer.unref();
  return {
    lost: lost.signal,
    end: () => clearInterval(timer),
  };
}
