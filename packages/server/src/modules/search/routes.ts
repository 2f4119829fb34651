import { contract } from '@tradedeck/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { bindOperation } from '../../http/bind-operation.ts';
import { requireAuth } from '../auth/index.ts';
import type { SearchService } from './service.ts';

export function registerSearchRoutes(app: FastifyInstance, service: SearchService): void {
  bindOperation(app, contract.search.global, (input, ctx) =>
    service.search(requireAuth(ctx.request).userId, input.searchString),
  );
}
