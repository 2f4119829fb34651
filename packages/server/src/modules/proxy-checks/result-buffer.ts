/**
 * Collects results and saves them in batches: when `maxItems` have gathered or `intervalMs` after the first one,
 * one save at a time and in arrival order. A failed save is kept and reported by `failure` and `close()`.
 */
export class ResultBuffer<T> {
  #pending: T[] = [];
  #timer: NodeJS.Timeout | null = null;
  #chain: Promise<void> = Promise.resolve();
  #failure: { error: unknown } | null = null;
  #closed = false;

  constructor(
    private readonly save: (items: T[]) => Promise<void>,
    private readonly options: { maxItems: number; intervalMs: number },
  ) {}

  /** The first failed save, if any: the caller stops producing results. */
  get failure(): unknown {
    return this.#failure?.error;
  }

  /** Adds a result; ignored once closed (it was not saved, so a resumed batch checks that proxy again). */
  add(item: T): void {
    if (this.#closed) return;
    this.#pending.push(item);
    if (this.#pending.length >= this.options.maxItems) this.#flush();
    else this.#timer ??= setTimeout(() => this.#flush(), this.options.intervalMs);
  }

  /** Saves what is pending, waits for every save and throws the first failure. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#flush();
    await this.#chain;
    if (this.#failure) throw this.#failure.error;
  }

  #flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const items = this.#pending;
    if (items.length === 0) return;
    this.#pending = [];
    this.#chain = this.#chain.then(async () => {
      if (this.#failure) return;
      try {
        await this.save(items);
      } catch (error) {
        this.#failure = { error };
      }
    });
  }
}
