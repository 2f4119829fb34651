/** Marked when the live part starts loading: the benchmark counts the panel's first load up to it. */
export const LIVE_LOAD_MARK = 'tradedeck:live-load';

let loading: Promise<typeof import('./hub-connection.ts')> | null = null;

/**
 * The hub client, the events' payload schemas and zod, in one chunk that no screen needs to paint: it is fetched
 * when the first live view mounts, after the page's own code. It is not held back further (for example until the
 * browser is idle): an event posted before the subscription is live would be missed by the screen that asked.
 */
export function loadHubConnection(): Promise<typeof import('./hub-connection.ts')> {
  if (!loading) {
    performance.mark(LIVE_LOAD_MARK);
    loading = import('./hub-connection.ts');
    // A failed download is tried again by the next attempt.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
