import { contract } from '@tradedeck/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { bindOperation } from '../../http/bind-operation.ts';
import { requireAuth } from '../auth/index.ts';
import type { ProxyCheckService } from './service.ts';

export function registerProxyCheckRoutes(app: FastifyInstance, service: ProxyCheckService): void {
  bindOperation(app, contract.proxies.check, (input, ctx) =>
    service.start(requireAuth(ctx.request).userId, input),
  );
}
