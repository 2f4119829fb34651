import { contract } from '@tradedeck/sdk/contract';
import { TextStreamBody } from '../../http/bind-operation.ts';
import { type Implementation, implement } from '../../http/implement.ts';
import type { PortfolioService } from './service.ts';

export function portfolioRoutes(service: PortfolioService): Implementation {
  return implement(contract.portfolio, {
    query: (input, ctx) => service.query(ctx.user.userId, input, ctx.lang),
    totals: (input, ctx) => service.totals(ctx.user.userId, input),
    holding: (input, ctx) => service.holding(ctx.user.userId, input.accountId, input.assetId),
    saleLots: (input, ctx) => service.saleLots(ctx.user.userId, input, ctx.lang),
    export: async (input, ctx) => new TextStreamBody(await service.export(ctx.user.userId, input)),
  });
}
