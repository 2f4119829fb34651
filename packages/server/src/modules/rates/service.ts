import { type Rates, ResultCode } from '@tradedeck/sdk/contract';
import { AppError } from '../../http/app-error.ts';
import type { RatesPort } from '../../integrations/rates/index.ts';
import { ratesMessages } from './messages.ts';

/** The conversion rates with their age, as web and CLI convert with them. */
export class RatesService {
  constructor(
    private readonly port: RatesPort,
    private readonly now: () => number,
  ) {}

  async get(): Promise<Rates> {
    const snapshot = await this.port.current().catch((error: unknown) => {
      throw new AppError({
        code: ResultCode.ServiceUnavailable,
        text: ratesMessages.unavailable,
        cause: error,
      });
    });
    return {
      source: snapshot.source,
      rates: snapshot.rates,
      fetchedAt: snapshot.fetchedAt.toISOString(),
      ageSeconds: Math.max(0, Math.floor((this.now() - snapshot.fetchedAt.getTime()) / 1000)),
      stale: snapshot.stale,
    };
  }
}
