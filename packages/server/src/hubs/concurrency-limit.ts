/**
 * Runs at most `max` tasks at once; the rest wait their turn in order. Hubs use it for log reads so that a burst
 * of resubscriptions after a deploy cannot take every database connection.
 */
export class ConcurrencyLimit {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(private readonly max: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active < this.max) this.#active += 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so a newcomer cannot slip in between.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active -= 1;
    }
  }
}
