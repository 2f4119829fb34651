import type { TmAccount, TransferCheck, TransferFailure, TransferRow } from '@tradedeck/sdk/contract';
import { type Currency, type TransferOutcome, transferFailureMessages } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { TmAccountFacts } from '../seller/index.ts';
import type { TransferDbRow, TransferSecretsRow } from './repo.ts';

const iso = (at: Date | null): string | null => (at ? at.toISOString() : null);

/** A transfer still in flight shows as unknown: the user is told it is being checked, never that it failed. */
const OUTCOME: Record<string, TransferOutcome> = {
  sending: 'unknown',
  unknown: 'unknown',
  sent: 'sent',
  notSent: 'notSent',
};

export function toTransferRow(row: TransferDbRow, lang: Language): TransferRow {
  const failure = row.failure as TransferFailure | null;
  const outcome = OUTCOME[row.status] ?? 'unknown';
  return {
    id: row.id,
    customId: row.customId,
    fromId: row.fromAccountId,
    fromLogin: row.fromLogin,
    toId: row.toAccountId,
    toLogin: row.toLogin,
    amount: { currency: row.currency as Currency, amount: row.amount },
    received:
      row.receivedAmount === null
        ? null
        : { currency: row.receivedCurrency as Currency, amount: row.receivedAmount },
    outcome,
    failure,
    message: failure ? transferFailureMessages[lang][failure] : null,
    checks: Array.isArray(row.checks) ? (row.checks as TransferCheck[]) : [],
    createdAt: row.createdAt.toISOString(),
    settledAt: iso(row.settledAt),
  };
}

export function toTmAccount(facts: TmAccountFacts, secrets: TransferSecretsRow | null): TmAccount {
  return {
    id: facts.id,
    login: facts.login,
    currency: facts.currency,
    marketCurrency:
      facts.available && facts.available.currency !== facts.currency ? facts.available.currency : null,
    balance: facts.available,
    balanceUpdatedAt: iso(facts.balanceUpdatedAt),
    savedKeyMasked: secrets?.receiverKeyEnc ? `••••${secrets.receiverKeyHint ?? ''}` : null,
    savedKeyMismatch: Boolean(secrets?.receiverKeyEnc && secrets.receiverKeyMismatch),
    hasSavedPaymentPassword: Boolean(secrets?.paymentPasswordEnc),
  };
}
