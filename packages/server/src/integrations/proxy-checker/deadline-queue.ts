import { performance } from 'node:perf_hooks';

/** What a deadline calls when it passes: `lateMs` is how long after the due time it was judged. */
export interface DeadlineOwner {
  expire(deadline: Deadline, lateMs: number): void;
}

export interface Deadline {
  readonly due: number;
  /** Null once the deadline is cancelled or passed: the entry waits for its turn in the queue holding nothing. */
  owner: DeadlineOwner | null;
  active: boolean;
}

/**
 * The deadlines of one length, shared by every check that uses it. Checks start one after another, so their
 * deadlines fall due in the order they were added, and one timer (for the earliest still pending) serves them all
 * instead of a timer per check. A passed deadline is judged after the I/O already waiting in the event loop is
 * handled (`setImmediate` runs after the poll phase): a stalled loop runs late timers before the socket events
 * that arrived in time. With nothing pending the timer is cleared, so an idle checker holds no timer.
 */
export class DeadlineQueue {
  #entries: Deadline[] = [];
  #head = 0;
  #pending = 0;
  #timer: NodeJS.Timeout | null = null;

  constructor(readonly ms: number) {}

  add(owner: DeadlineOwner): Deadline {
    const deadline: Deadline = { due: performance.now() + this.ms, owner, active: true };
    this.#entries.push(deadline);
    this.#pending++;
    if (!this.#timer) this.#arm(this.ms);
    return deadline;
  }

  /** The check ended first: its deadline no longer counts. */
  cancel(deadline: Deadline): void {
    if (!deadline.active) return;
    deadline.active = false;
    // A cancelled entry stays in the queue until its due time (up to the whole deadline, thousands of checks at
    // a batch's pace): it must not keep the ended check's sockets and buffers alive that long.
    deadline.owner = null;
    this.#settled();
  }

  #settled(): void {
    if (--this.#pending > 0) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#entries = [];
    this.#head = 0;
  }

  #arm(ms: number): void {
    this.#timer = setTimeout(this.#onTimer, Math.max(1, Math.ceil(ms)));
  }

  readonly #onTimer = (): void => {
    this.#timer = null;
    const now = performance.now();
    const passed: Deadline[] = [];
    const entries = this.#entries;
    let head = this.#head;
    for (; head < entries.length; head++) {
      const deadline = entries[head] as Deadline;
      if (!deadline.active) continue;
      if (deadline.due > now) break;
      passed.push(deadline);
    }
    if (head > 1024 && head * 2 > entries.length) {
      this.#entries = entries.slice(head);
      head = 0;
    }
    this.#head = head;
    const next = this.#entries[head];
    if (next) this.#arm(next.due - now);
    if (passed.length > 0) setImmediate(() => this.#judge(passed));
  };

  #judge(passed: Deadline[]): void {
    for (const deadline of passed) {
      if (!deadline.active) continue;
      const owner = deadline.owner!;
      deadline.active = false;
      deadline.owner = null;
      this.#settled();
      owner.expire(deadline, performance.now() - deadline.due);
    }
  }
}

const queues = new Map<number, DeadlineQueue>();

/** The shared queue for deadlines of `ms` milliseconds. */
export function deadlineQueue(ms: number): DeadlineQueue {
  let queue = queues.get(ms);
  if (!queue) {
    queue = new DeadlineQueue(ms);
    queues.set(ms, queue);
  }
  return queue;
}
