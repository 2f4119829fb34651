import { isDatabaseUnavailable, isStorageWriteFailure } from './database-faults.ts';

/** While the database is unreachable, how often a probe query checks whether it is back. */
const PROBE_INTERVAL_MS = 1000;

type ReachabilityListener = (reachable: boolean, error: Error | null) => void;
type StorageFailureListener = (error: Error) => void;

/**
 * Whether the database answers, as the server last saw it. A lost connection marks it unreachable (requests answer
 * 503, `HEAD /` too, so the panel shows the outage); a probe query every second marks it reachable again.
 */
export class DatabaseHealth {
  #reachable = true;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;
  readonly #reachability = new Set<ReachabilityListener>();
  readonly #storageFailures = new Set<StorageFailureListener>();

  /** `probe` resolves when a trivial query succeeds (null: the database cannot be lost, as an embedded one). */
  constructor(private readonly probe: (() => Promise<unknown>) | null) {}

  get reachable(): boolean {
    return this.#reachable;
  }

  /** A connection broke or could not be opened. */
  lost(error: Error): void {
    if (!this.probe || this.#closed || !this.#reachable) return;
    this.#reachable = false;
    for (const listener of this.#reachability) listener(false, error);
    this.#scheduleProbe();
  }

  /** A connection was opened: the database answers again. */
  restored(): void {
    if (this.#reachable || this.#closed) return;
    this.#reachable = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    for (const listener of this.#reachability) listener(true, null);
  }

  /** Sees the error of failed work: connection faults mark the database unreachable, write failures are announced. */
  observe(error: unknown): void {
    if (isDatabaseUnavailable(error)) this.lost(error as Error);
    else if (isStorageWriteFailure(error)) {
      for (const listener of this.#storageFailures) listener(error as Error);
    }
  }

  onReachability(listener: ReachabilityListener): () => void {
    this.#reachability.add(listener);
    return () => this.#reachability.delete(listener);
  }

  /** Called when the database could not write its files (full disk, read-only file system). */
  onStorageFailure(listener: StorageFailureListener): () => void {
    this.#storageFailures.add(listener);
    return () => this.#storageFailures.delete(listener);
  }

  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #scheduleProbe(): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.probe!().then(
        () => this.restored(),
        () => {
          if (!this.#reachable) this.#scheduleProbe();
        },
      );
    }, PROBE_INTERVAL_MS);
    this.#timer.unref();
  }
}
