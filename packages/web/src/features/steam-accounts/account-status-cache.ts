import type { AccountStatusChanged, SteamAccountRow } from '@tradedeck/sdk/contract';
import { tradeFailureMessages } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';

interface Page {
  items: SteamAccountRow[];
}

/**
 * A row after an `AccountStatusChanged`: the status, and the reason's text (as the server words it in this
 * language) as the last error while the account is in error.
 */
export function applyAccountStatus(
  row: SteamAccountRow,
  event: AccountStatusChanged,
  language: Language,
): SteamAccountRow {
  const lastError =
    event.accountStatus === 2 && event.reason ? tradeFailureMessages[language][event.reason] : null;
  if (row.accountStatus === event.accountStatus && row.lastError === lastError) return row;
  return { ...row, accountStatus: event.accountStatus, lastError };
}

/** A cached list page with the change applied; the same object when the account is not on it. */
export function applyAccountStatusToPage<P extends Page>(
  page: P | undefined,
  event: AccountStatusChanged,
  language: Language,
): P | undefined {
  if (!page) return page;
  let changed = false;
  const items = page.items.map((row) => {
    if (row.id !== event.accountId) return row;
    const next = applyAccountStatus(row, event, language);
    changed ||= next !== row;
    return next;
  });
  return changed ? { ...page, items } : page;
}
