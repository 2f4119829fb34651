/**
 * One read shared by the callers that ask for the same thing at once, never answering stale: a caller joins a
 * read that has not started yet, or queues one that starts when the read under way ends. Every answer comes from
 * a read begun after its caller asked, so it is as fresh as a read of the caller's own. Concurrent requests of
 * one session (a page's first calls, a busy client) then cost one statement per turn of the database, not one
 * each, on the embedded database's single connection above all.
 */
export class FreshReads<T> {
  /** The read under way per key, settled (never rejecting) when it ends. */
  readonly #running = new Map<string, Promise<void>>();
  /** The read that starts when the running one ends, which callers of the meantime join. */
  readonly #waiting = new Map<string, Promise<T>>();

  read(key: string, load: () => Promise<T>): Promise<T> {
    const waiting = this.#waiting.get(key);
    if (waiting) return waiting;
    const running = this.#running.get(key);
    if (!running) return this.#start(key, load);
    const next = running.then(() => {
      this.#waiting.delete(key);
      return this.#start(key, load);
    });
    this.#waiting.set(key, next);
    return next;
  }

  #start(key: string, load: () => Promise<T>): Promise<T> {
    let answer: Promise<T>;
    try {
      answer = load();
    } catch (error) {
      answer = Promise.reject(error);
    }
    const ended: Promise<void> = answer.then(
      () => this.#end(key, ended),
      () => this.#end(key, ended),
    );
    this.#running.set(key, ended);
    return answer;
  }

  #end(key: string, ended: Promise<void>): void {
    if (this.#running.get(key) === ended) this.#running.delete(key);
  }
}
