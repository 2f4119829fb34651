import { contract } from '@tradedeck/sdk/contract';
import { type Implementation, implement } from '../../http/implement.ts';
import type { RatesService } from './service.ts';

export function ratesRoutes(service: RatesService): Implementation {
  return implement(contract.rates, {
    get: (_input, ctx) => service.get(ctx.lang),
  });
}
