import type { FastifyInstance } from 'fastify';
import type { RatesPort } from '../../integrations/rates/index.ts';
import { ratesRoutes } from './routes.ts';
import { RatesService } from './service.ts';

export interface RatesDeps {
  rates: RatesPort;
  now: () => number;
}

/** Conversion rates for showing amounts in the displayed currency (`rates.get`). */
export function registerRates(app: FastifyInstance, deps: RatesDeps): RatesPort {
  ratesRoutes(new RatesService(deps.rates, deps.now)).bind(app);
  return deps.rates;
}
