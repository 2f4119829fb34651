/**
 * One market port over every platform: each call goes to the adapter of its credentials' platform (TM when the
 * credentials name none), so the seller and lots areas run one delivery engine and one repricing path for every
 * market. A platform with no adapter configured answers `marketUnavailable` and sends nothing.
 */
import type { MarketCredentials, MarketPlatform, MarketPort } from './port.ts';
import { failure } from './write-guard.ts';

export function platformMarkets(
  tm: MarketPort,
  others: Partial<Record<MarketPlatform, MarketPort>>,
): MarketPort {
  const markets: Partial<Record<MarketPlatform, MarketPort>> = { ...others, tm };
  return new Proxy(tm, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (creds: MarketCredentials, ...rest: unknown[]) => {
        const platform = creds?.platform ?? 'tm';
        const market = markets[platform];
        if (!market)
          return Promise.resolve(
            failure('marketUnavailable', { detail: `no ${platform} market is configured` }),
          );
        const method = Reflect.get(market, property) as (...args: unknown[]) => unknown;
        return method.apply(market, [creds, ...rest]);
      };
    },
  });
}
