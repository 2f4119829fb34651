import { contract } from '@tradedeck/sdk/contract';
import { TextStreamBody } from '../../http/bind-operation.ts';
import { type Implementation, implement } from '../../http/implement.ts';
import type { LotService } from './lot-service.ts';
import type { PriceService } from './price-service.ts';
import type { RepriceService } from './reprice-service.ts';
import type { SalesService } from './sales-service.ts';

export interface LotServices {
  lots: LotService;
  reprice: RepriceService;
  sales: SalesService;
  prices: PriceService;
}

export function lotRoutes({ lots, reprice }: LotServices): Implementation {
  return implement(contract.lots, {
    query: (input, ctx) => lots.query(ctx.user.userId, input),
    groups: (input, ctx) => lots.groups(ctx.user.userId, input),
    counters: (input, ctx) => lots.counters(ctx.user.userId, input),
    get: (input, ctx) => lots.get(ctx.user.userId, input.id),
    setThresholds: (input, ctx) => lots.setThresholds(ctx.user.userId, input, ctx.lang),
    update: (input, ctx) => lots.update(ctx.user.userId, input, ctx.lang),
    copySettings: (input, ctx) => lots.copySettings(ctx.user.userId, input, ctx.lang),
    repricePreview: (input, ctx) => reprice.preview(ctx.user.userId, input, ctx.lang),
    repriceApply: (input, ctx) => reprice.apply(ctx.user.userId, input, ctx.lang),
    repriceJob: (input, ctx) => reprice.job(ctx.user.userId, input.id, input.itemsLimit),
    remove: (input, ctx) => lots.remove(ctx.user.userId, input, ctx.lang),
    sync: (input, ctx) => lots.syncNow(ctx.user.userId, input, ctx.lang),
    addToSale: (input, ctx) => lots.addToSale(ctx.user.userId, input, ctx.lang),
  });
}

export function salesRoutes({ sales }: LotServices): Implementation {
  return implement(contract.sales, {
    query: (input, ctx) => sales.query(ctx.user.userId, input),
    totals: (input, ctx) => sales.totals(ctx.user.userId, input),
    revenueByDay: (input, ctx) => sales.revenueByDay(ctx.user.userId, input),
    export: (input, ctx) => new TextStreamBody(sales.exportLines(ctx.user.userId, input)),
  });
}

export function priceRoutes({ prices }: LotServices): Implementation {
  return implement(contract.priceProfile, {
    query: (input, ctx) => prices.query(ctx.user.userId, input),
    import: (input, ctx) => prices.import(ctx.user.userId, input, ctx.lang),
    setCustom: (input, ctx) => prices.setCustom(ctx.user.userId, input),
    history: (input, ctx) => prices.history(ctx.user.userId, input),
  });
}
