import { contract } from '@tradedeck/sdk/contract';
import { type Implementation, implement, operationsOf } from '../../http/implement.ts';
import type { ProxyCheckService } from './service.ts';

export function proxyCheckRoutes(service: ProxyCheckService): Implementation {
  return implement(operationsOf(contract.proxies, 'check'), {
    check: (input, ctx) => service.start(ctx.user.userId, input),
  });
}
