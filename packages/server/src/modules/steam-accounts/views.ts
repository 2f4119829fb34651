import type { SteamAccountRow } from '@tradedeck/sdk/contract';
import {
  type AddAccountReason,
  addAccountReasonMessages,
  type SteamAccount,
  type TradeFailureReason,
  tradeFailureMessages,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { StoredAccountView } from './repo.ts';

/** A stored account as the lists and the view dialog show it, texts in the caller's language. */
export function toAccountRow(view: StoredAccountView, lang: Language): SteamAccountRow {
  const reason = view.lastErrorReason;
  return {
    ...toAccount(view),
    createdAt: view.createdAt.toISOString(),
    lastLoginAt: view.lastLoginAt?.toISOString() ?? null,
    // A sign-in reason (add) or a trading reason (a session lost or revoked, a trade ban).
    lastError: reason
      ? (addAccountReasonMessages[lang][reason as AddAccountReason] ??
        tradeFailureMessages[lang][reason as TradeFailureReason] ??
        reason)
      : null,
    lastErrorReason: reason,
  };
}

export function toAccount(view: StoredAccountView): SteamAccount {
  return {
    id: view.id,
    login: view.login,
    steamId: view.steamId,
    avatarUri: view.avatarUri,
    proxyId: view.proxyId,
    proxy: view.proxy,
    tags: view.tags,
    balances: view.balances,
    accountStatus: view.accountStatus,
  };
}
