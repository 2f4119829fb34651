import { contract } from '@tradedeck/sdk/contract';
import { TextStreamBody } from '../../http/bind-operation.ts';
import { type Implementation, implement } from '../../http/implement.ts';
import type { LedgerService } from './service.ts';

export function ledgerRoutes(service: LedgerService): Implementation {
  return implement(contract.ledger, {
    profit: (input, ctx) => service.profit(ctx.user.userId, input),
    entries: (input, ctx) => service.entries(ctx.user.userId, input),
    export: async (input, ctx) => new TextStreamBody(await service.export(ctx.user.userId, input)),
    holds: (input, ctx) => service.holds(ctx.user.userId, input),
    importPurchases: (input, ctx) => service.importPurchases(ctx.user.userId, input, ctx.lang),
    correct: (input, ctx) => service.correct(ctx.user.userId, input),
    reconcile: (input, ctx) => service.reconcile(ctx.user.userId, input),
  });
}
