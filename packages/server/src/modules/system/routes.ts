import { contract } from '@tradedeck/sdk/contract';
import { type Implementation, implement } from '../../http/implement.ts';
import type { SystemService } from './service.ts';

export function systemRoutes(service: SystemService): Implementation {
  return implement(contract.system, {
    status: () => service.status(),
  });
}
