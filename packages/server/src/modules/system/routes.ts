import { contract } from '@tradedeck/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { bindOperation } from '../../http/bind-operation.ts';
import type { SystemService } from './service.ts';

export function registerSystemRoutes(app: FastifyInstance, service: SystemService): void {
  bindOperation(app, contract.system.status, () => service.status());
}
