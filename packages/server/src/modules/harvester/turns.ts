import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The embedded database (PGlite) and the sandbox answer within the same turn of the event loop, so a runner's chain
 * of calls would never let the loop reach its sockets and timers: the start's answer, reads of the session, hub
 * deliveries and the lease's renewal would all wait for the session's end. The harvester gives the loop a turn
 * before each of its transactions and each call into the trading area.
 */
export { nextTurn };

/** The object with a turn of the event loop before each of its methods runs. */
export function withTurns<T extends object>(api: T): T {
  return new Proxy(api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await nextTurn();
        return value.apply(target, args);
      };
    },
  });
}
