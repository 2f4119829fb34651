/**
 * The base of every small store the apps keep (modals, toasts, the network monitor…): listeners subscribe and get
 * an unsubscribe back, the store notifies them of each change. `subscribe` is bound, so it can be handed to React's
 * `useSyncExternalStore` as it is.
 */
export class Listeners<Args extends unknown[] = []> {
  readonly #listeners = new Set<(...args: Args) => void>();

  readonly subscribe = (listener: (...args: Args) => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** Calls every listener with the change, in subscription order. */
  protected notify(...args: Args): void {
    for (const listener of this.#listeners) listener(...args);
  }
}
