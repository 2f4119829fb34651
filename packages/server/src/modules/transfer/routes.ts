import { contract } from '@tradedeck/sdk/contract';
import { type Implementation, implement } from '../../http/implement.ts';
import type { TransferAccountsService } from './accounts-service.ts';
import type { TransferSendService } from './send-service.ts';

export function transferRoutes(
  accounts: TransferAccountsService,
  sends: TransferSendService,
): Implementation {
  return implement(contract.transfer, {
    accounts: (_input, ctx) => accounts.accounts(ctx.user.userId),
    balance: (input, ctx) => accounts.balance(ctx.user.userId, input.id),
    memberCheck: (input, ctx) => accounts.memberCheck(ctx.user.userId, input, ctx.lang),
    send: (input, ctx) => sends.send(ctx.user.userId, input, ctx.lang),
    get: (input, ctx) => accounts.get(ctx.user.userId, input.id, ctx.lang),
    check: (input, ctx) => sends.check(ctx.user.userId, input.id, ctx.lang),
    history: (input, ctx) => accounts.history(ctx.user.userId, input, ctx.lang),
    revealKey: (input, ctx) => accounts.revealKey(ctx.user.userId, input.id),
  });
}
