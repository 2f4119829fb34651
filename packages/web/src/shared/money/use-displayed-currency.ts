import { api, type Currency, type Rates } from '@tradedeck/sdk/contract';
import { defaultCurrencyOf, type ExchangeRate } from '@tradedeck/sdk/domain';
import { useCallback } from 'react';
import { useOperationQuery } from '../queries/operation-query.ts';
import { useLanguage } from '../use-language.ts';

/** Rates change once a day at the source; the server caches them, the panel asks again every 10 minutes. */
const RATES_STALE_MS = 10 * 60_000;

/**
 * The currency amounts are shown in: the user's choice, or until they choose, the default of the language the
 * panel is in (English USD, Russian RUB).
 */
export function useDisplayedCurrency(): Currency {
  const language = useLanguage();
  const settings = useOperationQuery(api.settings.get, undefined, { staleTime: 60_000 });
  return settings.data?.chosen ? settings.data.displayedCurrency : defaultCurrencyOf(language);
}

/** The server's conversion rates (the browser never asks a rates source itself), and a lookup by pair. */
export function useRates(): {
  rates: Rates | undefined;
  rateOf: (from: Currency, to: Currency) => ExchangeRate | null;
} {
  const query = useOperationQuery(api.rates.get, undefined, { staleTime: RATES_STALE_MS });
  const rates = query.data;
  const rateOf = useCallback(
    (from: Currency, to: Currency) =>
      rates?.rates.find((rate) => rate.from === from && rate.to === to) ?? null,
    [rates],
  );
  return { rates, rateOf };
}
