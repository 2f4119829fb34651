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
  /** Check requests started from the screen and not yet ended (refused, or every result heard). */
  running: number;
}

interface ChecksState {
  /** Rows waiting for their result (per-row spinner). */
  pending: ReadonlySet<number>;
  /** The running checks together; null when none runs. */
  batch: BatchProgress | null;
}

const EMPTY_BATCH: BatchProgress = { total: 0, done: 0, valid: 0, invalid: 0, running: 0 };

/**
 * What the checks started from this screen show: which rows wait for a result and how far the batches are,
 * added up. Each check is followed on its own (`follow-check.ts`); this only counts what its follower heard, and
 * ends the progress when the last running check has ended.
 */
export class RunningChecks extends Listeners {
  #state: ChecksState = { pending: new Set(), batch: null };
  #onFinished: ((batch: BatchProgress) => void) | null = null;

  get state(): ChecksState {
    return this.#state;
  }

  onFinished(callback: ((batch: BatchProgress) => void) | null): void {
    this.#onFinished = callback;
  }

  /** A check request is about to go out; its rows show a spinner at once. */
  begin(ids: readonly number[]): void {
    const pending = new Set(this.#state.pending);
    for (const id of ids) pending.add(id);
    const batch = this.#state.batch ?? EMPTY_BATCH;
    this.#set({ pending, batch: { ...batch, running: batch.running + 1 } });
  }

  /** The server accepted a request for `total` proxies. */
  started(total: number): void {
    const batch = this.#state.batch ?? EMPTY_BATCH;
    this.#set({ ...this.#state, batch: { ...batch, total: batch.total + total } });
  }

  /** One result of a check started here. */
  heard(result: ProxyStatusUpdated): void {
    const pending = new Set(this.#state.pending);
    if (typeof result.id === 'number') pending.delete(result.id);
    const batch = this.#state.batch ?? EMPTY_BATCH;
    this.#set({
      pending,
      batch: {
        ...batch,
        done: batch.done + 1,
        valid: batch.valid + (result.valid ? 1 : 0),
        invalid: batch.invalid + (result.valid ? 0 : 1),
      },
    });
  }

  /** The request failed: its rows wait no more. */
  failed(ids: readonly number[]): void {
    const pending = new Set(this.#state.pending);
    for (const id of ids) pending.delete(id);
    this.#state = { ...this.#state, pending };
    this.ended();
  }

  /** A check has ended (every result heard, or refused); the progress ends with the last one. */
  ended(): void {
    const batch = this.#state.batch ?? EMPTY_BATCH;
    const running = Math.max(0, batch.running - 1);
    if (running > 0) {
      this.#set({ ...this.#state, batch: { ...batch, running } });
      return;
    }
    this.#set({ pending: new Set(), batch: null });
    if (batch.total > 0) this.#onFinished?.({ ...batch, running: 0 });
  }

  #set(state: ChecksState): void {
    this.#state = state;
    this.notify();
  }
}
