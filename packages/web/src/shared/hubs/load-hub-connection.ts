/** Marked when the live part starts loading: the benchmark counts the panel's first load up to it. */
export const LIVE_LOAD_MARK = 'tradedeck:live-load';

let loading: Promise<typeof import('./hub-connection.ts')> | null = null;

/**
 * The hub client, the events' payload schemas and zod, in one chunk that no screen needs to paint: it is fetched
 * once the browser is idle after the first live view mounts, so it never competes with a page's own code and data.
 */
export function loadHubConnection(): Promise<typeof import('./hub-connection.ts')> {
  if (!loading) {
    loading = whenIdle().then(() => {
      performance.mark(LIVE_LOAD_MARK);
      return import('./hub-connection.ts');
    });
    // A failed download is tried again by the next live view.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}
