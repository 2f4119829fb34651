/**
 * What a sandbox market sees of its callers, as the live market would count it: every call per API key and every
 * accepted price write per item, kept for the longest window asked about. With a key limit set, a call past it is
 * refused the way TM refuses it (429), so a caller that does not pace per key shows up as refusals.
 */

/** At most `calls` calls of one key in any `windowMs` (TM: 5 a second). */
export interface KeyCallLimit {
  calls: number;
  windowMs: number;
}

export interface SandboxTrafficReport {
  keys: number;
  /** Calls made (refused ones not counted). */
  calls: number;
  /** The most calls of one key in any window of `windowMs`, per window asked. */
  busiestKey: Record<number, number>;
  /** Calls refused for the key limit. */
  refusedCalls: number;
  /** Accepted price writes, and of how many items. */
  writes: number;
  itemsWritten: number;
  /** The most accepted price writes of one item in any window of `windowMs`, per window asked. */
  busiestItem: Record<number, number>;
}

/** Times within `windowMs` before `now`, the new one included: how many that window holds. */
function inWindow(times: number[], now: number, windowMs: number): number {
  let count = 0;
  for (let index = times.length - 1; index >= 0 && now - (times[index] as number) < windowMs; index--)
    count++;
  return count;
}

export class SandboxTraffic {
  readonly #calls = new Map<string, number[]>();
  readonly #writes = new Map<string, number[]>();
  readonly #busiestKey = new Map<number, number>();
  readonly #busiestItem = new Map<number, number>();
  readonly #keepMs: number;
  #refused = 0;
  #callCount = 0;
  #writeCount = 0;

  /**
   * `keyWindowsMs`, `itemWindowsMs`: the windows the report counts (the markets' published limits);
   * `keyLimit`: refuse calls past it, none by default.
   */
  constructor(
    private readonly keyWindowsMs: readonly number[] = [1_000, 60_000],
    private readonly itemWindowsMs: readonly number[] = [60_000, 120_000],
    readonly keyLimit: KeyCallLimit | null = null,
  ) {
    this.#keepMs = Math.max(...keyWindowsMs, ...itemWindowsMs, keyLimit?.windowMs ?? 0);
  }

  /** Counts a call of the key; false when the key limit refuses it (a refused call is not counted as made). */
  call(key: string, now: number): boolean {
    const times = this.#kept(this.#calls, key, now);
    if (this.keyLimit && inWindow(times, now, this.keyLimit.windowMs) >= this.keyLimit.calls) {
      this.#refused += 1;
      return false;
    }
    times.push(now);
    this.#callCount += 1;
    for (const windowMs of this.keyWindowsMs)
      this.#busiestKey.set(
        windowMs,
        Math.max(this.#busiestKey.get(windowMs) ?? 0, inWindow(times, now, windowMs)),
      );
    return true;
  }

  /** Counts an accepted price write of the item. */
  write(itemId: string, now: number): void {
    const times = this.#kept(this.#writes, itemId, now);
    times.push(now);
    this.#writeCount += 1;
    for (const windowMs of this.itemWindowsMs)
      this.#busiestItem.set(
        windowMs,
        Math.max(this.#busiestItem.get(windowMs) ?? 0, inWindow(times, now, windowMs)),
      );
  }

  report(): SandboxTrafficReport {
    return {
      keys: this.#calls.size,
      calls: this.#callCount,
      busiestKey: Object.fromEntries(this.keyWindowsMs.map((ms) => [ms, this.#busiestKey.get(ms) ?? 0])),
      refusedCalls: this.#refused,
      writes: this.#writeCount,
      itemsWritten: this.#writes.size,
      busiestItem: Object.fromEntries(this.itemWindowsMs.map((ms) => [ms, this.#busiestItem.get(ms) ?? 0])),
    };
  }

  /** The entry's times still inside the longest window (older ones dropped). */
  #kept(map: Map<string, number[]>, id: string, now: number): number[] {
    let times = map.get(id);
    if (!times) {
      times = [];
      map.set(id, times);
    }
    let drop = 0;
    while (drop < times.length && now - (times[drop] as number) >= this.#keepMs) drop++;
    if (drop > 0) times.splice(0, drop);
    return times;
  }
}
