import type { ExchangeRate } from '@tradedeck/sdk/domain';
import { sandboxRate } from '../market/index.ts';
import { RATE_CURRENCIES, type RatesSource } from './port.ts';

/** The sandbox market's own fixed table: offline, the same every run, and the rate its transfers convert at. */
export class SandboxRatesSource implements RatesSource {
  readonly mode = 'sandbox';

  async fetch(): Promise<ExchangeRate[]> {
    return RATE_CURRENCIES.flatMap((from) =>
      RATE_CURRENCIES.filter((to) => to !== from).map((to) => sandboxRate(from, to)),
    );
  }
}
