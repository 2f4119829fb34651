import { SEARCH_CACHE_KEEP_ON_CLOSE, SEARCH_CACHE_MAX } from '@tradedeck/sdk/domain';

/** Answers of the global search by query: at most 20, oldest dropped first; trimmed to the 10 newest on close. */
export class SearchCache<T> {
  readonly #entries = new Map<string, T>();

  get(query: string): T | undefined {
    const value = this.#entries.get(query);
    if (value !== undefined) {
      this.#entries.delete(query);
      this.#entries.set(query, value);
    }
    return value;
  }

  set(query: string, value: T): void {
    this.#entries.delete(query);
    this.#entries.set(query, value);
    this.#trim(SEARCH_CACHE_MAX);
  }

  /** The palette closed: keep only the most recent queries. */
  onClose(): void {
    this.#trim(SEARCH_CACHE_KEEP_ON_CLOSE);
  }

  get size(): number {
    return this.#entries.size;
  }

  keys(): string[] {
    return [...this.#entries.keys()];
  }

  #trim(max: number): void {
    while (this.#entries.size > max) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }
}
