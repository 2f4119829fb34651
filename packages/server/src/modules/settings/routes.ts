import { contract } from '@tradedeck/sdk/contract';
import { type Implementation, implement } from '../../http/implement.ts';
import type { SettingsService } from './service.ts';

export function settingsRoutes(service: SettingsService): Implementation {
  return implement(contract.settings, {
    get: (_input, ctx) => service.get(ctx.user.userId),
    update: (input, ctx) => service.update(ctx.user.userId, input),
  });
}
