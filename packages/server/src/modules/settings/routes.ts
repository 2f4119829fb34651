import { contract } from '@tradedeck/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { bindOperation } from '../../http/bind-operation.ts';
import { requireAuth } from '../auth/index.ts';
import type { SettingsService } from './service.ts';

export function registerSettingsRoutes(app: FastifyInstance, service: SettingsService): void {
  bindOperation(app, contract.settings.get, (_input, ctx) => service.get(requireAuth(ctx.request).userId));
  bindOperation(app, contract.settings.update, (input, ctx) =>
    service.update(requireAuth(ctx.request).userId, input),
  );
}
