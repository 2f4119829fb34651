import { type ConfirmationRule, ResultCode, type RulePlanItem } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import { AppError } from '../../http/app-error.ts';
import type { ConfirmationsDeps } from './deps.ts';
import type { ConfirmationJobs } from './job.ts';
import { confirmationMessages } from './messages.ts';
import type { PendingReader } from './pending.ts';
import { chosenAccounts } from './service.ts';
import type { AccountRef, PendingConfirmation, RuleRow } from './types.ts';
import { accountFailureView } from './views.ts';

/** A tag without a rule: our own offers are confirmed (what Tradedeck always did), nothing else. */
export const DEFAULT_RULE = { acceptOwnOffers: true, acceptOwnListings: false } as const;

type Rule = { acceptOwnOffers: boolean; acceptOwnListings: boolean };

/**
 * The rules per account tag. An account with several tags follows the strictest of them (a kind is accepted only
 * when every tag's rule accepts it); an untagged one the default. Only confirmations Tradedeck created, of offers
 * or market listings, are ever accepted by a rule. A dry run answers the plan a run would follow, and a run
 * follows exactly the plan it answers.
 */
export class RulesService {
  constructor(
    private readonly deps: ConfirmationsDeps,
    private readonly pending: PendingReader,
    private readonly jobs: ConfirmationJobs,
  ) {}

  async rules(userId: string): Promise<ConfirmationRule[]> {
    const rows = await this.deps.repo.run(userId, (q) => q.tagRules());
    return rows.map(toRule);
  }

  async setRule(userId: string, input: { tagId: number } & Rule): Promise<ConfirmationRule> {
    return this.deps.repo.run(userId, async (q) => {
      const tag = (await q.tagRules()).find((row) => row.tagId === input.tagId);
      if (!tag) throw new AppError({ code: ResultCode.NotFound, text: confirmationMessages.tagNotFound });
      await q.saveRule(input.tagId, input.acceptOwnOffers, input.acceptOwnListings);
      return { tagId: tag.tagId, tag: tag.tag, ...pick(input) };
    });
  }

  /** Whether the account's tags accept confirmations of our own offers (the trading area asks after a send). */
  async acceptsOwnOffers(userId: string, accountId: number): Promise<boolean> {
    const [account, rules] = await this.deps.repo.run(
      userId,
      async (q) => [(await q.accounts([accountId], undefined))[0], await q.tagRules()] as const,
    );
    // An account that is not the user's confirms nothing on its behalf.
    return account ? ruleOf(account, rules).acceptOwnOffers : false;
  }

  async apply(
    userId: string,
    input: { accountIds?: number[] | undefined; tags?: string[] | undefined; dryRun: boolean },
    lang: Language,
  ) {
    const accounts = await chosenAccounts(this.deps, userId, input);
    const rules = await this.deps.repo.run(userId, (q) => q.tagRules());
    const { read, failures } = await this.pending.ofMany(userId, accounts);
    const planned: RulePlanItem[] = [];
    const accepted: { account: AccountRef; item: PendingConfirmation }[] = [];
    for (const { account, items } of read) {
      const rule = ruleOf(account, rules);
      for (const item of items) {
        const decision = decide(item, rule);
        planned.push({
          accountId: account.id,
          login: account.login,
          confirmationId: item.id,
          kind: item.kind,
          creatorId: item.creatorId,
          ours: item.ours,
          ...decision,
        });
        if (decision.action === 'accept') accepted.push({ account, item });
      }
    }
    const selection = { accountIds: input.accountIds, tags: input.tags };
    const jobId =
      input.dryRun || accepted.length === 0
        ? null
        : await this.jobs.start(userId, 'rules', true, selection, accepted);
    return {
      planned,
      failures: failures.map(({ account, failure }) => accountFailureView(account, failure, lang)),
      jobId,
    };
  }
}

function pick(rule: Rule): Rule {
  return { acceptOwnOffers: rule.acceptOwnOffers, acceptOwnListings: rule.acceptOwnListings };
}

function toRule(row: RuleRow): ConfirmationRule {
  return {
    tagId: row.tagId,
    tag: row.tag,
    acceptOwnOffers: row.acceptOwnOffers ?? DEFAULT_RULE.acceptOwnOffers,
    acceptOwnListings: row.acceptOwnListings ?? DEFAULT_RULE.acceptOwnListings,
  };
}

/** The strictest rule of the account's tags. */
function ruleOf(account: AccountRef, rows: readonly RuleRow[]): Rule {
  const own = rows.filter((row) => account.tagIds.includes(row.tagId)).map(toRule);
  if (own.length === 0) return { ...DEFAULT_RULE };
  return {
    acceptOwnOffers: own.every((rule) => rule.acceptOwnOffers),
    acceptOwnListings: own.every((rule) => rule.acceptOwnListings),
  };
}

function decide(item: PendingConfirmation, rule: Rule): Pick<RulePlanItem, 'action' | 'why'> {
  if (item.kind !== 'trade' && item.kind !== 'marketListing')
    return { action: 'leave', why: 'neverAutomatic' };
  if (!item.ours) return { action: 'leave', why: 'notOurs' };
  if (item.kind === 'trade') {
    return rule.acceptOwnOffers ? { action: 'accept', why: 'ownOffer' } : { action: 'leave', why: 'ruleOff' };
  }
  return rule.acceptOwnListings
    ? { action: 'accept', why: 'ownListing' }
    : { action: 'leave', why: 'ruleOff' };
}
