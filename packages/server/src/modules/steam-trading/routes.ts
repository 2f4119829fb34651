import { contract } from '@tradedeck/sdk/contract';
import { type Implementation, implement, type StepUpWaivers } from '../../http/implement.ts';
import type { InventoryService } from './inventory-service.ts';
import type { OfferService } from './offer-service.ts';
import type { RefreshService } from './refresh-service.ts';
import type { SandboxControls } from './sandbox-controls.ts';
import type { ScheduleSetting } from './schedule-setting.ts';

export interface SteamTradingServices {
  inventory: InventoryService;
  refresh: RefreshService;
  offers: OfferService;
  sandbox: SandboxControls;
  schedule: ScheduleSetting;
  /** Which calls may skip the step-up their flags ask (step-up-waivers.ts). */
  waivers: StepUpWaivers<typeof contract.steamTrading>;
}

export function steamTradingRoutes(services: SteamTradingServices): Implementation {
  const { inventory, refresh, offers, sandbox, schedule } = services;
  return implement(
    contract.steamTrading,
    {
      inventory: (input, ctx) => inventory.query(ctx.user.userId, input, ctx.lang),
      refreshInventories: (input, ctx) => refresh.start(ctx.user.userId, input),
      refreshSchedule: (_input, ctx) => schedule.get(ctx.user.userId),
      setRefreshSchedule: (input, ctx) => schedule.set(ctx.user.userId, input),
      offers: (input, ctx) => offers.list(ctx.user.userId, input),
      getOffer: (input, ctx) => offers.get(ctx.user.userId, input),
      sendOffer: (input, ctx) => offers.send(ctx.user.userId, input, ctx.lang),
      acceptOffer: (input, ctx) => offers.accept(ctx.user.userId, input, ctx.lang),
      declineOffer: (input, ctx) => offers.decline(ctx.user.userId, input),
      cancelOffer: (input, ctx) => offers.cancel(ctx.user.userId, input),
      confirmOffers: (input, ctx) => offers.confirm(ctx.user.userId, input),
      intents: (input, ctx) => offers.intents(ctx.user.userId, input, ctx.lang),
      sandboxEndSessions: (input, ctx) => sandbox.endSessions(ctx.user.userId, input.id),
      sandboxLiftTradeCase: (input, ctx) => sandbox.liftTradeCase(ctx.user.userId, input.id),
    },
    services.waivers,
  );
}
