import type { ConfirmationFilter, ConfirmationOutcome, ConfirmationRow } from '@tradedeck/sdk/contract';
import {
  CONFIRMATION_KINDS,
  type ConfirmationKind,
  formatMoney,
  PORTFOLIO_PRICE_SOURCES,
  type PortfolioPriceSource,
} from '@tradedeck/sdk/domain';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { resolveAccountId } from '../../kit/account-lookup.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, usage } from '../../kit/command-helpers.ts';
import { settleBatch } from '../../kit/outcome.ts';
import { renderTable } from '../../table.ts';
import { CONFIRMATIONS, CONFIRMATIONS_COMMANDS } from './specs.ts';
import './texts.ts';

interface FilterFlags {
  tag: string[];
  type: string[];
  account: string[];
  ours?: boolean;
  foreign?: boolean;
}

interface ListFlags extends FilterFlags {
  refresh?: boolean;
  source?: string;
}

interface TargetFlags extends FilterFlags {
  id: string[];
  offerId?: string;
  allMatching?: boolean;
}

/** How long a bulk answer is followed before the command leaves it to the server (it goes on there). */
const JOB_POLL_MS = 500;

/** `tradedeck confirmations [filters]`, `… accept|deny --id|--offer-id|--all-matching`. */
export function registerConfirmations(program: Command, { lang, context }: Registration): void {
  const group = addCommand(program, CONFIRMATIONS, lang);
  addCommand(group, CONFIRMATIONS_COMMANDS.ls, lang).action(
    guarded(context, async (ctx, flags: ListFlags) => {
      const filter = await filterOf(ctx, flags);
      const source = sourceOf(ctx, flags.source);
      const answer = await ctx.client().confirmations.list({
        ...filter,
        ...(source ? { source } : {}),
        ...(flags.refresh ? { refresh: true } : {}),
      });
      ctx.print(answer, () => listText(ctx, answer.items));
      for (const failure of answer.failures) {
        ctx.io.stderr(`${ctx.t('confAccountFailed', { login: failure.login, message: failure.message })}\n`);
      }
    }),
  );
  for (const accept of [true, false]) {
    const spec = accept ? CONFIRMATIONS_COMMANDS.accept : CONFIRMATIONS_COMMANDS.deny;
    addCommand(group, spec, lang).action(
      guarded(context, async (ctx, flags: TargetFlags) => answer(ctx, flags, accept)),
    );
  }
}

async function answer(ctx: CommandContext, flags: TargetFlags, accept: boolean): Promise<void> {
  const chosen = [flags.id.length > 0, flags.offerId !== undefined, Boolean(flags.allMatching)];
  if (chosen.filter(Boolean).length !== 1) usage(ctx, 'confSelectOne');
  const client = ctx.client();
  let outcomes: ConfirmationOutcome[];
  if (flags.offerId !== undefined) {
    if (flags.account.length > 1) usage(ctx, 'confIdNeedsAccount');
    const accountId = flags.account[0] ? await resolveAccountId(ctx, flags.account[0]) : undefined;
    outcomes = [
      await client.confirmations.answerOffer({
        offerId: flags.offerId,
        accept,
        ...(accountId !== undefined ? { accountId } : {}),
      }),
    ];
  } else if (flags.id.length > 0) {
    if (flags.account.length !== 1) usage(ctx, 'confIdNeedsAccount');
    const accountId = await resolveAccountId(ctx, flags.account[0]!);
    outcomes = (await client.confirmations.answer({ accountId, confirmationIds: flags.id, accept })).outcomes;
  } else {
    const started = await client.confirmations.answerMatching({ ...(await filterOf(ctx, flags)), accept });
    if (!ctx.json)
      ctx.io.stderr(`${ctx.t('confJobStarted', { total: started.total, job: started.jobId })}\n`);
    let job = await client.confirmations.job({ id: started.jobId });
    while (job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
      job = await client.confirmations.job({ id: started.jobId });
    }
    outcomes = job.items.map((item) => ({
      accountId: item.accountId,
      confirmationId: item.confirmationId,
      outcome: item.state === 'answered' ? 'answered' : item.state === 'failed' ? 'failed' : 'gone',
      reason: null,
      message: item.reason,
    }));
  }
  ctx.print({ outcomes }, () => outcomes.map((outcome) => outcomeText(ctx, outcome)).join('\n'));
  const answered = outcomes.filter((outcome) => outcome.outcome !== 'failed').length;
  settleBatch(ctx.t('confJobDone', { answered, total: outcomes.length }), {
    done: answered,
    failed: outcomes.length - answered,
  });
}

/** The price source our own offers' items are valued from (the server's default when not given). */
function sourceOf(ctx: CommandContext, value: string | undefined): PortfolioPriceSource | undefined {
  if (value === undefined) return undefined;
  const source = PORTFOLIO_PRICE_SOURCES.find((known) => known === value.trim().toLowerCase());
  if (!source) usage(ctx, 'confBadSource', { value, known: PORTFOLIO_PRICE_SOURCES.join(', ') });
  return source;
}

async function filterOf(ctx: CommandContext, flags: FilterFlags): Promise<ConfirmationFilter> {
  if (flags.ours && flags.foreign) usage(ctx, 'confOursAndForeign');
  const kinds = flags.type.map((value) => {
    const kind = CONFIRMATION_KINDS.find((known) => known.toLowerCase() === value.trim().toLowerCase());
    if (!kind) usage(ctx, 'confBadType', { value, known: CONFIRMATION_KINDS.join(', ') });
    return kind as ConfirmationKind;
  });
  const accountIds = await Promise.all(flags.account.map((who) => resolveAccountId(ctx, who)));
  return {
    ...(accountIds.length > 0 ? { accountIds } : {}),
    ...(flags.tag.length > 0 ? { tags: flags.tag } : {}),
    ...(kinds.length > 0 ? { kinds } : {}),
    ...(flags.ours ? { ours: true } : flags.foreign ? { ours: false } : {}),
  };
}

/** Aligned columns on a terminal, tab-separated fields when piped. */
function listText(ctx: CommandContext, items: readonly ConfirmationRow[]): string {
  if (items.length === 0) return ctx.t('confNone');
  const head = ['Account', 'Id', 'Type', 'Ours', 'Partner', 'Items', 'Value', 'Created'].map((name) =>
    ctx.t(`confHead${name}` as 'confHeadId'),
  );
  const rows = items.map((item) => [
    item.login,
    item.id,
    item.kind,
    ctx.t(item.ours ? 'confYes' : 'confNo'),
    item.partner ?? '',
    item.items.join('; ') || item.headline,
    // Only our own offers are priced; a foreign confirmation has no value.
    item.value ? formatMoney(item.value, ctx.lang === 'ru' ? 'ru-RU' : 'en-US') : '',
    item.createdAt.slice(0, 19).replace('T', ' '),
  ]);
  return renderTable(head, rows, Boolean(ctx.io.terminal));
}

function outcomeText(ctx: CommandContext, outcome: ConfirmationOutcome): string {
  const params = { account: outcome.accountId, id: outcome.confirmationId };
  if (outcome.outcome === 'failed') {
    return ctx.t('confOutcomeFailed', { ...params, message: outcome.message ?? outcome.reason ?? '' });
  }
  return ctx.t('confOutcome', {
    ...params,
    outcome: ctx.t(outcome.outcome === 'answered' ? 'confAnswered' : 'confGone'),
  });
}
