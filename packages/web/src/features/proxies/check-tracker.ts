import type { ProxyStatusUpdated } from '@tradedeck/sdk/domain';
import { Listeners } from '@tradedeck/sdk/store';

/** A check result about a saved proxy, as the screen uses it. */
export type StatusEvent = ProxyStatusUpdated & { id: number };

/** The result of a saved proxy; null for a check-map line (its id is its key, it has no row on screen). */
export function savedProxyResult(result: ProxyStatusUpdated): StatusEvent | null {
  return typeof result.id === 'number' ? { ...result, id: result.id } : null;
}

export interface BatchProgress {
  total: number;
  done: number;
  valid: number;
  invalid: number;
  /** Check requests sent whose size the server has not told yet. */
  awaiting: number;
}

interface CheckState {
  /** Rows waiting for their result (per-row spinner). */
  pending: ReadonlySet<number>;
  /** The running checks together; null when none runs. */
  batch: BatchProgress | null;
}

const EMPTY_BATCH: BatchProgress = { total: 0, done: 0, valid: 0, invalid: 0, awaiting: 0 };

/**
 * Progress of proxy checks started from this screen: which rows wait for a result and how far the batches
 * are. Results arrive as hub events, possibly before the check request has answered with the batch size, so
 * a batch ends only when every request has answered and as many results as announced have arrived.
 */
export class CheckTracker extends Listeners {
  #state: CheckState = { pending: new Set(), batch: null };
  #onFinished: ((batch: BatchProgress) => void) | null = null;
  #followed = false;
  #waiting: Array<() => void> = [];

  get state(): CheckState {
    return this.#state;
  }

  onFinished(callback: ((batch: BatchProgress) => void) | null): void {
    this.#onFinished = callback;
  }

  /**
   * Results can be followed: the screen's subscription is live (or the hub is down, and waiting would not help).
   * Until then a check waits before it starts, or its results would pass before anyone listens.
   */
  followed(): void {
    this.#followed = true;
    for (const resume of this.#waiting.splice(0)) resume();
  }

  /** Resolves once results can be followed, or after `maxMs` at the latest. */
  whenFollowed(maxMs: number): Promise<void> {
    if (this.#followed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxMs);
      this.#waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** A check request is about to go out; its rows show a spinner at once. */
  begin(ids: readonly number[]): void {
    const pending = new Set(this.#state.pending);
    for (const id of ids) pending.add(id);
    const batch = this.#state.batch ?? EMPTY_BATCH;
    this.#set({ pending, batch: { ...batch, awaiting: batch.awaiting + 1 } });
  }

  /** The server accepted a request for `total` proxies. */
  started(total: number): void {
    const batch = this.#state.batch ?? EMPTY_BATCH;
    this.#settle({ ...batch, total: batch.total + total, awaiting: Math.max(0, batch.awaiting - 1) });
  }

  /** The request failed: its rows wait no more. */
  failed(ids: readonly number[]): void {
    const pending = new Set(this.#state.pending);
    for (const id of ids) pending.delete(id);
    this.#state = { ...this.#state, pending };
    const batch = this.#state.batch ?? EMPTY_BATCH;
    this.#settle({ ...batch, awaiting: Math.max(0, batch.awaiting - 1) });
  }

  /** Results from the hub, in arrival order. */
  apply(events: readonly StatusEvent[]): void {
    if (events.length === 0) return;
    const pending = new Set(this.#state.pending);
    let batch = this.#state.batch;
    for (const event of events) {
      pending.delete(event.id);
      if (batch) {
        batch = {
          ...batch,
          done: batch.done + 1,
          valid: batch.valid + (event.valid ? 1 : 0),
          invalid: batch.invalid + (event.valid ? 0 : 1),
        };
      }
    }
    this.#state = { ...this.#state, pending };
    if (batch) this.#settle(batch);
    else this.#set(this.#state);
  }

  #settle(batch: BatchProgress): void {
    const finished = batch.awaiting === 0 && batch.done >= batch.total;
    if (!finished) {
      this.#set({ ...this.#state, batch });
      return;
    }
    this.#set({ pending: new Set(), batch: null });
    if (batch.total > 0) this.#onFinished?.({ ...batch, done: batch.total });
  }

  #set(state: CheckState): void {
    this.#state = state;
    this.notify();
  }
}
