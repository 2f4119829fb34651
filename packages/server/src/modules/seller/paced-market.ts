import type { MarketPort } from '../../integrations/market/port.ts';

/**
 * Keeps one account's loop at or under 4 market requests a second whatever adapter it runs on (TM deletes a key
 * over 5 a second; the live client paces per key too, the sandbox does not): calls through it are spaced by
 * `spacingMs` and run one at a time.
 */
export function pacedMarket(market: MarketPort, spacingMs: number): MarketPort {
  let last = Number.NEGATIVE_INFINITY;
  let queue: Promise<unknown> = Promise.resolve();
  return new Proxy(market, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const run = queue.then(async () => {
          const wait = last + spacingMs - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          last = performance.now();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        });
        queue = run.catch(() => undefined);
        return run;
      };
    },
  });
}
