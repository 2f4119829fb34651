import type {
  HarvesterSession,
  HarvesterTransaction,
  HarvesterTransactionUpdated,
} from '@tradedeck/sdk/contract';
import { harvesterErrorMessages } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The row a transaction event describes; the event carries only the reason, the text is the sdk's. */
export function transactionFromEvent(
  event: HarvesterTransactionUpdated,
  language: Language,
): HarvesterTransaction {
  return {
    ...event,
    error: event.errorReason === null ? null : harvesterErrorMessages[language][event.errorReason],
  };
}

/**
 * A cached page of transactions with the events applied, and whether some events name rows it does not hold
 * (another page, or a row that now enters the filter): the caller refetches then.
 */
export function applyTransactionEvents(
  page: Page<HarvesterTransaction> | undefined,
  events: ReadonlyMap<number, HarvesterTransactionUpdated>,
  language: Language,
): { page: Page<HarvesterTransaction> | undefined; missed: boolean } {
  if (!page) return { page, missed: false };
  let changed = false;
  let seen = 0;
  const items = page.items.map((row) => {
    const event = events.get(row.id);
    if (!event) return row;
    seen += 1;
    // Events of one transaction arrive in order; an older copy never replaces a newer row.
    if (event.updatedAt < row.updatedAt) return row;
    changed = true;
    return transactionFromEvent(event, language);
  });
  return { page: changed ? { ...page, items } : page, missed: seen < events.size };
}

/** A cached page of sessions with one session's new state; the same page when it does not hold it. */
export function applySessionUpdate(
  page: Page<HarvesterSession> | undefined,
  session: HarvesterSession,
): Page<HarvesterSession> | undefined {
  if (!page?.items.some((row) => row.id === session.id)) return page;
  return { ...page, items: page.items.map((row) => (row.id === session.id ? session : row)) };
}
