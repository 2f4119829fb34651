import { contract } from '@tradedeck/sdk/contract';
import { type Implementation, implement } from '../../http/implement.ts';
import type { SellerAccountService } from './account-service.ts';
import type { SellerCurrencyService } from './currency-service.ts';
import type { DeliveryQueryService } from './delivery-query.ts';
import type { SellerLifecycleService } from './lifecycle-service.ts';
import type { SandboxSales } from './sandbox-sales.ts';

export interface SellerServices {
  accounts: SellerAccountService;
  lifecycle: SellerLifecycleService;
  deliveries: DeliveryQueryService;
  sandbox: SandboxSales;
  currency: SellerCurrencyService;
}

export function sellerRoutes(services: SellerServices): Implementation {
  const { accounts, lifecycle, deliveries, sandbox, currency } = services;
  return implement(contract.p2p, {
    query: (input, ctx) => accounts.query(ctx.user.userId, input),
    counters: (_input, ctx) => accounts.counters(ctx.user.userId),
    get: (input, ctx) => accounts.get(ctx.user.userId, input.id),
    create: (input, ctx) => accounts.create(ctx.user.userId, input),
    update: (input, ctx) => accounts.update(ctx.user.userId, input),
    start: (input, ctx) => lifecycle.start(ctx.user.userId, input.ids, ctx.lang),
    pause: (input, ctx) => lifecycle.pause(ctx.user.userId, input.ids, ctx.lang),
    stop: (input, ctx) => lifecycle.stop(ctx.user.userId, input.ids, input.force, ctx.lang),
    remove: (input, ctx) => lifecycle.remove(ctx.user.userId, input.ids, input.force, ctx.lang),
    resetError: (input, ctx) => lifecycle.resetError(ctx.user.userId, input.ids, ctx.lang),
    deliveries: (input, ctx) => deliveries.query(ctx.user.userId, input),
    changeCurrency: (input, ctx) => currency.change(ctx.user.userId, input.id, input.currency),
    sandboxSimulateSales: (input, ctx) => sandbox.list(ctx.user.userId, input.ids, input.count),
  });
}
