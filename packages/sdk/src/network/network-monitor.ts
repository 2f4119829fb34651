import { NETWORK } from '../domain/constants.ts';
import { Listeners } from '../store/listeners.ts';

/** Time source and timers, injectable so the state machine runs under a fake clock in tests. */
export interface MonitorClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** One connectivity check; resolves true when the server answered. Aborted when it outlives the timeout. */
export type ConnectivityProbe = (signal: AbortSignal) => Promise<boolean>;

/**
 * `online`: the server answers. `offline`: enough checks failed (or the browser said so).
 * `restored`: back online; lasts `restoredNoticeMs` so the status bar can say "Connected", then `online`.
 */
export type NetworkPhase = 'online' | 'offline' | 'restored';

export interface NetworkSnapshot {
  phase: NetworkPhase;
  /** A check is under way. */
  checking: boolean;
  consecutiveFailures: number;
  consecutiveSuccesses: number;
  lastSuccessAt: number | null;
  /** Delay before the next scheduled check, null when none is scheduled. */
  nextCheckInMs: number | null;
}

export type NetworkEvent = 'wentOffline' | 'restored';

export interface NetworkMonitorOptions {
  probe: ConnectivityProbe;
  clock?: MonitorClock;
  failuresToGoOffline?: number;
  successesToGoOnline?: number;
  /** First back-off delay after a failure. */
  initialRetryMs?: number;
  backoffFactor?: number;
  maxCheckIntervalMs?: number;
  /** Delay of the confirming check after the first success while offline. */
  confirmDelayMs?: number;
  /** Back-off retries after going offline; once spent, checks run every `maxCheckIntervalMs`. */
  retryAttempts?: number;
  /** A check that has not answered by then counts as failed (the spec's check timeout). */
  probeTimeoutMs?: number;
  visibilityCheckAfterMs?: number;
  restoredNoticeMs?: number;
}

export const RETRY_START_MS = 5000;
export const RESTORED_NOTICE_MS = 2000;

const systemClock: MonitorClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Online/offline state machine (docs/product-shell.md §4 "Network"). It owns no browser objects: the host
 * feeds it the browser's offline/online events, page visibility and failed calls, and renders its snapshots.
 *
 * - While online the server is checked every `maxCheckIntervalMs`; after a failure checks back off from 5 s
 *   (×1.5, at most 30 s) and the 5th consecutive failure turns the state offline.
 * - While offline the checks continue with the same back-off for 5 retries (then every 30 s); each check gives up
 *   after 3 s; 2 consecutive successes restore online and emit
 *   `restored` (the host reloads the current route after 100 ms).
 * - A failed call or the browser's offline event marks the state offline at once and starts the retries.
 */
export class NetworkMonitor extends Listeners<[NetworkSnapshot, NetworkEvent | null]> {
  readonly #o: Required<Omit<NetworkMonitorOptions, 'probe' | 'clock'>>;
  readonly #probe: ConnectivityProbe;
  readonly #clock: MonitorClock;
  #state: NetworkSnapshot = {
    phase: 'online',
    checking: false,
    consecutiveFailures: 0,
    consecutiveSuccesses: 0,
    lastSuccessAt: null,
    nextCheckInMs: null,
  };
  #timer: unknown = null;
  #restoredTimer: unknown = null;
  #retryDelay: number;
  /** Back-off retries made since the state went offline. */
  #retries = 0;
  #running = false;
  #generation = 0;

  constructor(options: NetworkMonitorOptions) {
    super();
    this.#probe = options.probe;
    this.#clock = options.clock ?? systemClock;
    this.#o = {
      failuresToGoOffline: options.failuresToGoOffline ?? NETWORK.failuresToGoOffline,
      successesToGoOnline: options.successesToGoOnline ?? NETWORK.successesToGoOnline,
      initialRetryMs: options.initialRetryMs ?? RETRY_START_MS,
      backoffFactor: options.backoffFactor ?? NETWORK.backoffFactor,
      maxCheckIntervalMs: options.maxCheckIntervalMs ?? NETWORK.maxCheckIntervalMs,
      confirmDelayMs: options.confirmDelayMs ?? NETWORK.baseDelayMs,
      retryAttempts: options.retryAttempts ?? NETWORK.retryAttempts,
      probeTimeoutMs: options.probeTimeoutMs ?? NETWORK.checkTimeoutMs,
      visibilityCheckAfterMs: options.visibilityCheckAfterMs ?? NETWORK.visibilityCheckAfterMs,
      restoredNoticeMs: options.restoredNoticeMs ?? RESTORED_NOTICE_MS,
    };
    this.#retryDelay = this.#o.initialRetryMs;
  }

  get snapshot(): NetworkSnapshot {
    return this.#state;
  }

  get online(): boolean {
    return this.#state.phase !== 'offline';
  }

  /** Starts the periodic checks (the first one after the quiet interval). */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#state = { ...this.#state, lastSuccessAt: this.#state.lastSuccessAt ?? this.#clock.now() };
    this.#schedule(this.#o.maxCheckIntervalMs);
  }

  stop(): void {
    this.#running = false;
    this.#generation += 1;
    this.#cancelTimer();
    if (this.#restoredTimer !== null) this.#clock.clearTimeout(this.#restoredTimer);
    this.#restoredTimer = null;
    this.#update({ checking: false, nextCheckInMs: null });
  }

  /** Runs a check now unless one is under way (the retry button, the browser's online event). */
  checkNow(): Promise<void> {
    if (this.#state.checking) return Promise.resolve();
    return this.#check();
  }

  /** A call failed to reach the server, or the browser reported offline: go offline and retry with back-off. */
  reportOffline(): void {
    if (this.#state.phase === 'offline') return;
    this.#goOffline();
    if (!this.#state.checking) this.#schedule(this.#retryDelay);
  }

  /** The page became visible again: check when the last success is older than the visibility threshold. */
  onVisible(): void {
    const last = this.#state.lastSuccessAt;
    if (last !== null && this.#clock.now() - last <= this.#o.visibilityCheckAfterMs) return;
    void this.checkNow();
  }

  async #check(): Promise<void> {
    this.#cancelTimer();
    const generation = this.#generation;
    this.#update({ checking: true, nextCheckInMs: null });
    const ok = await this.#probeWithTimeout();
    if (generation !== this.#generation) return;
    if (ok) this.#onSuccess();
    else this.#onFailure();
  }

  #probeWithTimeout(): Promise<boolean> {
    const controller = new AbortController();
    return new Promise<boolean>((resolve) => {
      let settled = false;
      const finish = (ok: boolean) => {
        if (settled) return;
        settled = true;
        this.#clock.clearTimeout(timer);
        resolve(ok);
      };
      const timer = this.#clock.setTimeout(() => {
        controller.abort();
        finish(false);
      }, this.#o.probeTimeoutMs);
      this.#probe(controller.signal).then(
        (ok) => finish(ok),
        () => finish(false),
      );
    });
  }

  #onSuccess(): void {
    const successes = this.#state.consecutiveSuccesses + 1;
    this.#update({
      checking: false,
      consecutiveSuccesses: successes,
      consecutiveFailures: 0,
      lastSuccessAt: this.#clock.now(),
    });
    if (this.#state.phase === 'offline') {
      if (successes >= this.#o.successesToGoOnline) {
        this.#goOnline();
        this.#schedule(this.#o.maxCheckIntervalMs);
      } else {
        this.#schedule(this.#o.confirmDelayMs);
      }
      return;
    }
    this.#retryDelay = this.#o.initialRetryMs;
    this.#schedule(this.#o.maxCheckIntervalMs);
  }

  #onFailure(): void {
    const failures = this.#state.consecutiveFailures + 1;
    this.#update({ checking: false, consecutiveFailures: failures, consecutiveSuccesses: 0 });
    if (this.#state.phase !== 'offline' && failures >= this.#o.failuresToGoOffline) this.#goOffline();
    if (this.#state.phase === 'offline') this.#retries += 1;
    const backingOff = this.#state.phase !== 'offline' || this.#retries < this.#o.retryAttempts;
    const delay = backingOff ? this.#retryDelay : this.#o.maxCheckIntervalMs;
    this.#retryDelay = Math.min(this.#retryDelay * this.#o.backoffFactor, this.#o.maxCheckIntervalMs);
    this.#schedule(delay);
  }

  #goOffline(): void {
    if (this.#restoredTimer !== null) this.#clock.clearTimeout(this.#restoredTimer);
    this.#restoredTimer = null;
    this.#retries = 0;
    this.#update({ phase: 'offline', consecutiveSuccesses: 0 }, 'wentOffline');
  }

  #goOnline(): void {
    this.#retryDelay = this.#o.initialRetryMs;
    this.#update({ phase: 'restored' }, 'restored');
    this.#restoredTimer = this.#clock.setTimeout(() => {
      this.#restoredTimer = null;
      if (this.#state.phase === 'restored') this.#update({ phase: 'online' });
    }, this.#o.restoredNoticeMs);
  }

  #schedule(ms: number): void {
    this.#cancelTimer();
    if (!this.#running) {
      this.#update({ nextCheckInMs: null });
      return;
    }
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      void this.#check();
    }, ms);
    this.#update({ nextCheckInMs: ms });
  }

  #cancelTimer(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #update(patch: Partial<NetworkSnapshot>, event: NetworkEvent | null = null): void {
    this.#state = { ...this.#state, ...patch };
    this.notify(this.#state, event);
  }
}
