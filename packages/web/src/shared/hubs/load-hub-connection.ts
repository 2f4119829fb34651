import { afterFirstPaint } from '../after-first-paint.ts';

/** Marked when the live part starts loading: the benchmark counts the panel's first load up to it. */
export const LIVE_LOAD_MARK = 'tradedeck:live-load';

let loading: Promise<typeof import('./hub-connection.ts')> | null = null;

/**
 * The hub client, the events' payload schemas and zod, in one chunk that no screen needs to paint: it is fetched
 * once the panel's first screen has painted, so the first screen does not wait for it. A live view reads its
 * state again once its subscription is live (`onLive` of `useHubSubscription`), so nothing that changed before
 * is missed.
 */
export function loadHubConnection(): Promise<typeof import('./hub-connection.ts')> {
  if (!loading) {
    loading = afterFirstPaint().then(() => {
      performance.mark(LIVE_LOAD_MARK);
      return import('./hub-connection.ts');
    });
    // A failed download is tried again by the next attempt.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** Closes the live views' hub connections, if the live part was ever loaded (before a logout). */
export async function disconnectHubs(): Promise<void> {
  const loaded = await loading?.catch(() => null);
  await loaded?.disconnectAllHubs();
}
