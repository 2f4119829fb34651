import { contract } from '@tradedeck/sdk/contract';
import { type Caller, type Implementation, implement } from '../../http/implement.ts';
import type { WorkspaceMoves } from './move-job.ts';
import type { Actor, WorkspacesService } from './service.ts';

export function workspaceRoutes(service: WorkspacesService, moves: WorkspaceMoves): Implementation {
  return implement(contract.workspace, {
    listMine: (_input, ctx) => service.listMine(ctx.user.actorId),
    create: (input, ctx) => service.create(ctx.user.actorId, input.name),
    members: (_input, ctx) => service.members(ctx.user.userId),
    invite: (input, ctx) => service.invite(ctx.user.userId, actorOf(ctx.user), input, ctx.lang),
    accept: (input, ctx) => service.accept(actorOf(ctx.user), input.inviteId, input.code),
    setMember: (input, ctx) => service.setMember(ctx.user.userId, input.userId, input),
    removeMember: (input, ctx) => service.removeMember(ctx.user.userId, input.userId),
    leave: (input, ctx) => service.leave(input.workspaceId, ctx.user.actorId),
    move: (input, ctx) => moves.start(ctx.user.userId, ctx.user.actorId, input, ctx.lang),
    moveJob: (input, ctx) => moves.view(ctx.user.userId, ctx.user.actorId, input.id, ctx.lang),
  });
}

function actorOf(caller: Caller): Actor {
  return { id: caller.actorId, email: caller.user.email, userName: caller.user.userName };
}
