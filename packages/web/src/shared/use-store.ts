import { useSyncExternalStore } from 'react';

/** Reads a value from a store with `subscribe(listener)`, re-rendering when it notifies. */
export function useStore<T>(subscribe: (listener: () => void) => () => void, read: () => T): T {
  return useSyncExternalStore(subscribe, read, read);
}
