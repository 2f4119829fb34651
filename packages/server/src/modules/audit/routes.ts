import { contract } from '@tradedeck/sdk/contract';
import { TextStreamBody } from '../../http/bind-operation.ts';
import { type Implementation, implement } from '../../http/implement.ts';
import type { AuditService } from './service.ts';

export function auditRoutes(service: AuditService): Implementation {
  return implement(contract.audit, {
    list: (input, ctx) => service.list(ctx.user.userId, input),
    export: (input, ctx) => new TextStreamBody(service.exportCsv(ctx.user.userId, input, ctx.lang)),
    retention: (_input, ctx) => service.retention(ctx.user.userId),
    setRetention: (input, ctx) => service.setRetention(ctx.user.userId, input.days),
  });
}
