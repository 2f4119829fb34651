import { contract, ResultCode } from '@tradedeck/sdk/contract';
import { AppError } from '../../http/app-error.ts';
import { type Implementation, implement } from '../../http/implement.ts';
import { harvesterMessages } from './messages.ts';
import type { ProfilesService } from './profiles.ts';
import type { SessionsService } from './sessions.ts';
import type { TransactionsService } from './transactions.ts';

export interface HarvesterServices {
  profiles: ProfilesService;
  sessions: SessionsService;
  transactions: TransactionsService;
}

export function harvesterRoutes({ profiles, sessions, transactions }: HarvesterServices): Implementation {
  return implement(contract.harvester, {
    listProfiles: (_input, ctx) => profiles.list(ctx.user.userId),
    createProfile: (input, ctx) => profiles.create(ctx.user.userId, input, ctx.lang),
    updateProfile: ({ id, ...input }, ctx) => profiles.update(ctx.user.userId, id, input, ctx.lang),
    duplicateProfile: (input, ctx) => profiles.duplicate(ctx.user.userId, input.id, input.name, ctx.lang),
    removeProfile: (input, ctx) => profiles.remove(ctx.user.userId, input.id),
    setDefaultProfile: (input, ctx) => profiles.setDefault(ctx.user.userId, input.id),
    listSessions: (input, ctx) => sessions.list(ctx.user.userId, input),
    getSession: (input, ctx) => sessions.get(ctx.user.userId, input.id),
    createSession: (input, ctx) => sessions.create(ctx.user.userId, input, ctx.lang),
    startSession: (input, ctx) => sessions.start(ctx.user.userId, input.id),
    pauseSession: (input, ctx) => sessions.pause(ctx.user.userId, input.id),
    async completeSession(input, ctx) {
      await sessions.requireNotRunning(ctx.user.userId, input.id);
      const cancelled = await transactions.cancelAllActive(ctx.user.userId, input.id, ctx.lang);
      if (cancelled.failed.length > 0) {
        throw new AppError({
          code: ResultCode.OperationRejected,
          text: harvesterMessages.cannotComplete,
          details: { failed: cancelled.failed },
        });
      }
      return sessions.complete(ctx.user.userId, input.id);
    },
    sessionSummary: (input, ctx) => sessions.summary(ctx.user.userId, input.id, ctx.lang),
    transactions: (input, ctx) => transactions.query(ctx.user.userId, input, ctx.lang),
    restartTransactions: (input, ctx) => transactions.restart(ctx.user.userId, input, ctx.lang),
    cancelTransactions: (input, ctx) => transactions.cancel(ctx.user.userId, input, ctx.lang),
  });
}
