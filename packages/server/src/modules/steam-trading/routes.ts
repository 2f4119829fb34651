import { contract } from '@tradedeck/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { bindOperation } from '../../http/bind-operation.ts';
import { requireAuth } from '../auth/index.ts';
import type { InventoryService } from './inventory-service.ts';
import type { OfferService } from './offer-service.ts';
import type { RefreshService } from './refresh-service.ts';
import type { SandboxControls } from './sandbox-controls.ts';

export interface SteamTradingServices {
  inventory: InventoryService;
  refresh: RefreshService;
  offers: OfferService;
  sandbox: SandboxControls;
}

/** Binds the steamTrading operations of the contract. */
export function registerSteamTradingRoutes(app: FastifyInstance, services: SteamTradingServices): void {
  const api = contract.steamTrading;
  const user = (ctx: { request: Parameters<typeof requireAuth>[0] }) => requireAuth(ctx.request).userId;
  bindOperation(app, api.inventory, (input, ctx) => services.inventory.query(user(ctx), input, ctx.lang));
  bindOperation(app, api.refreshInventories, (input, ctx) => services.refresh.start(user(ctx), input));
  bindOperation(app, api.offers, (input, ctx) => services.offers.list(user(ctx), input));
  bindOperation(app, api.getOffer, (input, ctx) => services.offers.get(user(ctx), input));
  bindOperation(app, api.sendOffer, (input, ctx) => services.offers.send(user(ctx), input, ctx.lang));
  bindOperation(app, api.acceptOffer, (input, ctx) => services.offers.accept(user(ctx), input, ctx.lang));
  bindOperation(app, api.declineOffer, (input, ctx) => services.offers.decline(user(ctx), input));
  bindOperation(app, api.cancelOffer, (input, ctx) => services.offers.cancel(user(ctx), input));
  bindOperation(app, api.confirmOffers, (input, ctx) => services.offers.confirm(user(ctx), input));
  bindOperation(app, api.intents, (input, ctx) => services.offers.intents(user(ctx), input, ctx.lang));
  bindOperation(app, api.sandboxEndSessions, (input, ctx) =>
    services.sandbox.endSessions(user(ctx), input.id),
  );
}
