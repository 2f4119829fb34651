import type { HarvesterSession, HarvesterTransaction } from '@tradedeck/sdk/contract';
import {
  formatMoney,
  type HarvesterProfile,
  harvesterErrorMessages,
  type MoneyTotals,
  transactionTally,
} from '@tradedeck/sdk/domain';
import type { CommandContext } from '../../context.ts';

const locale = (ctx: CommandContext) => (ctx.lang === 'ru' ? 'ru-RU' : 'en-US');

/** Value per currency, never added across currencies; a dash when nothing. */
export function totalsText(ctx: CommandContext, totals: MoneyTotals): string {
  const shown = totals.filter((value) => value.amount !== 0);
  return shown.length === 0 ? '—' : shown.map((value) => formatMoney(value, locale(ctx))).join(' + ');
}

/** Transactions of a session by where they stand. */
export function sessionCounts(session: Pick<HarvesterSession, 'counts'>) {
  return transactionTally(session.counts);
}

export function sessionStatusText(ctx: CommandContext, session: HarvesterSession): string {
  return session.completedAt === null ? session.status : ctx.t('statusCompleted');
}

export function sessionHead(ctx: CommandContext): string[] {
  return [
    'hvColId',
    'hvColName',
    'hvColStatus',
    'hvColProfile',
    'hvColSources',
    'hvColTargets',
    'hvColProgress',
    'hvColErrors',
    'hvColMoved',
  ].map((key) => ctx.t(key as Parameters<CommandContext['t']>[0]));
}

export function sessionRow(ctx: CommandContext, session: HarvesterSession): string[] {
  const counts = sessionCounts(session);
  return [
    String(session.id),
    session.name,
    sessionStatusText(ctx, session),
    session.profile.name,
    String(session.sources.length),
    String(session.targets.length),
    `${counts.ended}/${counts.total}`,
    String(counts.errors),
    `${session.itemsMoved} · ${totalsText(ctx, session.valueMoved)}`,
  ];
}

export function profileHead(ctx: CommandContext): string[] {
  return ['hvColId', 'hvColName', 'hvColDefault', 'hvColGames', 'hvColDistribution'].map((key) =>
    ctx.t(key as Parameters<CommandContext['t']>[0]),
  );
}

export function profileRow(profile: HarvesterProfile): string[] {
  const games =
    profile.games.mode === 'all' ? 'all' : `${profile.games.mode}:${profile.games.list.join(',')}`;
  return [String(profile.id), profile.name, profile.isDefault ? '*' : '', games, profile.distribution.mode];
}

export function transactionHead(ctx: CommandContext): string[] {
  return [
    'hvColId',
    'hvColRun',
    'hvColSource',
    'hvColTarget',
    'hvColGame',
    'hvColStatus',
    'hvColItems',
    'hvColValue',
    'hvColReason',
  ].map((key) => ctx.t(key as Parameters<CommandContext['t']>[0]));
}

/** The error of a transaction in the user's language, with the step it failed at. */
export function transactionReason(
  ctx: CommandContext,
  tx: Pick<HarvesterTransaction, 'errorReason' | 'errorStep'>,
): string {
  if (tx.errorReason === null) return '';
  const reason = harvesterErrorMessages[ctx.lang][tx.errorReason];
  return tx.errorStep ? ctx.t('watchAtStep', { reason, step: tx.errorStep }) : reason;
}

export function transactionRow(ctx: CommandContext, tx: HarvesterTransaction): string[] {
  return [
    String(tx.id),
    String(tx.run),
    tx.source.login,
    tx.target.login,
    tx.game,
    tx.status,
    String(tx.itemCount),
    totalsText(ctx, tx.value),
    transactionReason(ctx, tx),
  ];
}
