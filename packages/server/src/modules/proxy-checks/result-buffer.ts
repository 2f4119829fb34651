/**
 * Collects results and saves them in chunks, one save at a time and in arrival order: a chunk goes when
 * `maxItems` have gathered or `intervalMs` after the first of them. While a save runs, results keep gathering and
 * the next save takes all of them (up to `maxChunk`), so a slow database gets fewer, larger transactions instead
 * of a growing queue of small ones. A failed save is kept and reported by `failure` and `close()`.
 */
export class ResultBuffer<T> {
  #pending: T[] = [];
  #timer: NodeJS.Timeout | null = null;
  #saving: Promise<void> | null = null;
  #failure: { error: unknown } | null = null;
  #closed = false;

  constructor(
    private readonly save: (items: T[]) => Promise<void>,
    private readonly options: { maxItems: number; intervalMs: number; maxChunk?: number },
  ) {}

  /** The first failed save, if any: the caller stops producing results. */
  get failure(): unknown {
    return this.#failure?.error;
  }

  /** Adds a result; ignored once closed (it was not saved, so a resumed batch checks that proxy again). */
  add(item: T): void {
    if (this.#closed) return;
    this.#pending.push(item);
    if (this.#saving) return;
    if (this.#pending.length >= this.options.maxItems) this.#flush();
    else this.#timer ??= setTimeout(() => this.#flush(), this.options.intervalMs);
  }

  /** Saves what is pending, waits for every save and throws the first failure. */
  async close(): Promise<void> {
    this.#closed = true;
    while (this.#saving) await this.#saving;
    this.#flush();
    while (this.#saving) await this.#saving;
    if (this.#failure) throw this.#failure.error;
  }

  #flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#saving || this.#failure || this.#pending.length === 0) return;
    const items = this.#pending.splice(0, this.options.maxChunk ?? 5000);
    this.#saving = (async () => {
      try {
        await this.save(items);
      } catch (error) {
        this.#failure = { error };
      }
      this.#saving = null;
      // What gathered meanwhile goes next: at once when a chunk is full, else after the interval.
      if (this.#pending.length >= this.options.maxItems || this.#closed) this.#flush();
      else if (this.#pending.length > 0)
        this.#timer ??= setTimeout(() => this.#flush(), this.options.intervalMs);
    })();
  }
}
