import { contract } from '@tradedeck/sdk/contract';
import { type Implementation, implement } from '../../http/implement.ts';
import type { LeaseView } from '../../ops/leases.ts';
import { clientInfo } from '../auth/index.ts';
import type { AdminService } from './service.ts';

export function adminRoutes(service: AdminService, leases: LeaseView): Implementation {
  return implement(contract.admin, {
    listUsers: (input, ctx) => service.listUsers(ctx.user, input, clientInfo(ctx.request)),
    approveUser: (input, ctx) => service.approve(ctx.user, input.userId, clientInfo(ctx.request)),
    banUser: (input, ctx) => service.ban(ctx.user, input.userId, input.reason, clientInfo(ctx.request)),
    endUserSessions: (input, ctx) => service.endSessions(ctx.user, input.userId, clientInfo(ctx.request)),
    unbanUser: (input, ctx) => service.unban(ctx.user, input.userId, clientInfo(ctx.request)),
    listOutbox: (input, ctx) => service.listOutbox(ctx.user, input.limit, clientInfo(ctx.request)),
    listLeases: () => leases.list(),
  });
}
