import type { HarvesterSession, HarvesterTransaction } from '@tradedeck/sdk/contract';
import {
  type AccountRef,
  HARVESTER_TRANSACTION_STATUSES,
  type HarvesterErrorReason,
  type HarvesterProfile,
  type HarvesterSessionStatus,
  type HarvesterSettings,
  type HarvesterStep,
  type HarvesterTransactionStatus,
  harvesterErrorMessages,
  type Money,
  type TradeGame,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { ProfileRow, SessionRow, TransactionHead, TransactionRow } from './repo.ts';

/** What planning stored on the session. */
export interface StoredPlan {
  eligible: number;
  planned: number;
  leftover: number;
  runs: number;
  failedAccounts: { account: AccountRef; reason: string }[];
}

export function toProfile(row: ProfileRow): HarvesterProfile {
  return {
    ...(row.settings as HarvesterSettings),
    id: row.id,
    name: row.name,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A running session whose runner has not renewed its lease reads as unknown: its process may be gone, and nothing is
 * known until a runner takes it over and reconciles.
 */
export function sessionStatus(row: SessionRow, now: number): HarvesterSessionStatus {
  const status = row.status as HarvesterSessionStatus;
  if (status === 'running' && row.leaseUntil !== null && row.leaseUntil.getTime() < now) return 'unknown';
  return status;
}

export function fullCounts(
  counts: Record<string, number> | undefined,
): Record<HarvesterTransactionStatus, number> {
  return Object.fromEntries(
    HARVESTER_TRANSACTION_STATUSES.map((status) => [status, counts?.[status] ?? 0]),
  ) as Record<HarvesterTransactionStatus, number>;
}

export function toSession(
  row: SessionRow,
  counts: Record<string, number> | undefined,
  moved: { items: number; value: Money[] },
  now: number,
): HarvesterSession {
  const plan = row.plan as StoredPlan | null;
  return {
    id: row.id,
    name: row.name,
    status: sessionStatus(row, now),
    profile: { id: row.profileId, name: row.profileName },
    sources: row.sources as AccountRef[],
    targets: row.targets as AccountRef[],
    counts: fullCounts(counts),
    plan: plan
      ? {
          eligible: plan.eligible,
          planned: plan.planned,
          leftover: plan.leftover,
          runs: plan.runs,
          failedAccounts: plan.failedAccounts.map((entry) => ({
            account: entry.account,
            reason: entry.reason as HarvesterErrorReason,
          })),
        }
      : null,
    currentRun: row.currentRun,
    itemsMoved: moved.items,
    valueMoved: moved.value,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function toTransaction(row: TransactionRow, lang: Language): HarvesterTransaction {
  return {
    ...toTransactionEvent(row),
    error: row.errorReason ? harvesterErrorMessages[lang][row.errorReason as HarvesterErrorReason] : null,
  };
}

export function toTransactionEvent(row: TransactionHead): Omit<HarvesterTransaction, 'error'> {
  return {
    id: row.id,
    sessionId: row.sessionId,
    run: row.run,
    source: { id: row.sourceId, login: row.sourceLogin },
    target: { id: row.targetId, login: row.targetLogin },
    game: row.game as TradeGame,
    status: row.status as HarvesterTransactionStatus,
    itemCount: row.itemCount,
    value: row.value as Money[],
    giveBackCount: row.giveBackCount,
    giveBackValue: row.giveBackValue as Money[],
    errorStep: (row.errorStep as HarvesterStep | null) ?? null,
    errorReason: (row.errorReason as HarvesterErrorReason | null) ?? null,
    offerId: row.offerId,
    attempt: row.attempt,
    updatedAt: row.updatedAt.toISOString(),
  };
}
