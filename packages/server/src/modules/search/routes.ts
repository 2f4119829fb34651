import { contract } from '@tradedeck/sdk/contract';
import { type Implementation, implement } from '../../http/implement.ts';
import type { SearchService } from './service.ts';

export function searchRoutes(service: SearchService): Implementation {
  return implement(contract.search, {
    global: (input, ctx) => service.search(ctx.user.userId, input.searchString),
  });
}
