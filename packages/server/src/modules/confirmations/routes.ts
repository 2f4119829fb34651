import { contract } from '@tradedeck/sdk/contract';
import { type Implementation, implement } from '../../http/implement.ts';
import type { ConfirmationJobs } from './job.ts';
import type { RulesService } from './rules-service.ts';
import type { ConfirmationsService } from './service.ts';

export function confirmationRoutes(
  service: ConfirmationsService,
  rules: RulesService,
  jobs: ConfirmationJobs,
): Implementation {
  return implement(
    contract.confirmations,
    {
      list: (input, ctx) => service.list(ctx.user.userId, input, ctx.lang),
      answer: (input, ctx) => service.answer(ctx.user.userId, input, ctx.lang),
      answerOffer: (input, ctx) => service.answerOffer(ctx.user.userId, input, ctx.lang),
      answerMatching: (input, ctx) => service.answerMatching(ctx.user.userId, input),
      job: (input, ctx) => jobs.view(ctx.user.userId, input.id),
      rules: (_input, ctx) => rules.rules(ctx.user.userId),
      setRule: (input, ctx) => rules.setRule(ctx.user.userId, input),
      applyRules: (input, ctx) => rules.apply(ctx.user.userId, input, ctx.lang),
    },
    {
      // Only Tradedeck's own confirmations go without the step-up (docs/confirmations.md).
      answer: (input, ctx) => service.ourOnly(ctx.user.userId, input.accountId, input.confirmationIds),
      answerOffer: (input, ctx) => service.offerIsOurs(ctx.user.userId, input.offerId, input.accountId),
    },
  );
}
