import { contract } from '@tradedeck/sdk/contract';
import { type Implementation, implement } from '../../http/implement.ts';
import type { PacingService } from './service.ts';

export function pacingRoutes(service: PacingService): Implementation {
  return implement(contract.pacing, {
    state: (input, ctx) => service.state(ctx.user.userId, input.limit),
  });
}
