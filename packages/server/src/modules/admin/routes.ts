import { contract } from '@tradedeck/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { bindOperation } from '../../http/bind-operation.ts';
import { clientInfo, requireAuth } from '../auth/request-auth.ts';
import type { AdminService } from './service.ts';

export function registerAdminRoutes(app: FastifyInstance, service: AdminService): void {
  const ops = contract.admin;
  bindOperation(app, ops.listUsers, (input, ctx) =>
    service.listUsers(requireAuth(ctx.request), input, clientInfo(ctx.request)),
  );
  bindOperation(app, ops.approveUser, (input, ctx) =>
    service.approve(requireAuth(ctx.request), input.userId, clientInfo(ctx.request)),
  );
  bindOperation(app, ops.banUser, async (input, ctx) => {
    const banned = await service.ban(
      requireAuth(ctx.request),
      input.userId,
      input.reason,
      clientInfo(ctx.request),
    );
    // Open hub connections would otherwise live on until their access token expires.
    app.hubs.disconnectUser(input.userId);
    return banned;
  });
  bindOperation(app, ops.unbanUser, (input, ctx) =>
    service.unban(requireAuth(ctx.request), input.userId, clientInfo(ctx.request)),
  );
  bindOperation(app, ops.listOutbox, (input, ctx) =>
    service.listOutbox(requireAuth(ctx.request), input.limit, clientInfo(ctx.request)),
  );
}
