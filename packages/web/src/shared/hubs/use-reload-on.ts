import { useEffect, useRef } from 'react';
import { type HubEventName, useHubSubscription } from './use-hub-subscription.ts';

/** Events arriving in a burst (a move of 1,000 proxies) read the list again once, not once each. */
const RELOAD_AFTER_MS = 250;

/**
 * Reads a view's state again when the live event `name` arrives (rows that came into the workspace, say), once per
 * burst. Missed events need nothing: the view's own subscription reloads when it becomes live again.
 */
export function useReloadOn(name: HubEventName, reload: () => void): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  useHubSubscription(name, () => {
    timer.current ??= setTimeout(() => {
      timer.current = null;
      latest.current();
    }, RELOAD_AFTER_MS);
  });
}
