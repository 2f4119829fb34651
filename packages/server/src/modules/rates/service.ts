import type { Rates } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import type { RatesPort } from '../../integrations/rates/index.ts';
import { ratesMessages } from './messages.ts';

/** The conversion rates with their age, as web and CLI convert with them. */
export class RatesService {
  constructor(
    private readonly port: RatesPort,
    private readonly now: () => number,
  ) {}

  async get(lang: Language): Promise<Rates> {
    const snapshot = await this.port.current().catch(() => null);
    // No rates were ever fetched: the dashboard says so; a failed request per page load would say nothing more.
    if (!snapshot) {
      return {
        source: this.port.mode,
        rates: [],
        fetchedAt: null,
        ageSeconds: null,
        stale: false,
        unreachable: true,
        message: ratesMessages.unavailable[lang],
      };
    }
    return {
      source: snapshot.source,
      rates: snapshot.rates,
      fetchedAt: snapshot.fetchedAt.toISOString(),
      ageSeconds: Math.max(0, Math.floor((this.now() - snapshot.fetchedAt.getTime()) / 1000)),
      stale: snapshot.stale,
      unreachable: false,
      message: null,
    };
  }
}
