import type { HubEventDescriptor } from '@tradedeck/sdk/contract';
import type { JobHub } from '@tradedeck/sdk/hubs';

type Listener = (event: { payload: never }) => void;

/**
 * A view's own live subscription, as the hub the sdk's `followJob` follows a job on: the view hands over each event
 * it receives (`deliver`), so a job started from the screen needs no connection of its own. A follower's
 * subscription resolves once the view's subscription is live (`followed`), so no event of a job started then can
 * pass unheard; a hub that cannot be reached (the view says so with `followed` too) or is slow to load holds a job
 * back for `maxWaitMs` at most, and the view's reload shows what was missed.
 */
export class ViewJobHub implements JobHub {
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #waiting: Array<() => void> = [];
  #followed = false;

  constructor(private readonly maxWaitMs: number) {}

  /** The view's subscription is live, or the hub is down and waiting would not help. */
  followed(): void {
    this.#followed = true;
    for (const resume of this.#waiting.splice(0)) resume();
  }

  /** An event the view received, handed to the followers of its name. */
  deliver(event: Pick<HubEventDescriptor, 'name'>, payload: unknown): void {
    for (const listener of [...(this.#listeners.get(event.name) ?? [])])
      listener({ payload: payload as never });
  }

  async subscribe(event: HubEventDescriptor, onEvent: Listener): Promise<{ unsubscribe(): Promise<void> }> {
    const listeners = this.#listeners.get(event.name) ?? new Set<Listener>();
    this.#listeners.set(event.name, listeners);
    listeners.add(onEvent);
    await this.#whenFollowed();
    return {
      unsubscribe: async () => {
        listeners.delete(onEvent);
      },
    };
  }

  #whenFollowed(): Promise<void> {
    if (this.#followed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.maxWaitMs);
      this.#waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
