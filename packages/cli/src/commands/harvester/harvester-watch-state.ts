import type { HarvesterSession, HarvesterTransactionUpdated } from '@tradedeck/sdk/contract';
import { isActiveTransactionStatus } from '@tradedeck/sdk/domain';

export type WatchConnection = 'connecting' | 'live' | 'lost';

/**
 * What `harvester watch` shows: the sessions (newest first), the selected one's transactions as last heard, and
 * how many transaction events arrived for it. Pure: the command feeds it answers and events, the view draws it.
 */
export interface WatchState {
  sessions: readonly HarvesterSession[];
  selectedId: number | null;
  /** The selected session's transactions by id. */
  transactions: ReadonlyMap<number, HarvesterTransactionUpdated>;
  /** Transaction ids, the most recently changed first. */
  recent: readonly number[];
  /** TransactionUpdated events applied for the selected session. */
  received: number;
  connection: WatchConnection;
  /** The last refused key action (pause of an idle session…), in the user's language. */
  notice: string | null;
}

export const initialWatchState = (selectedId: number | null): WatchState => ({
  sessions: [],
  selectedId,
  transactions: new Map(),
  recent: [],
  received: 0,
  connection: 'connecting',
  notice: null,
});

export function withSessions(state: WatchState, sessions: readonly HarvesterSession[]): WatchState {
  const sorted = [...sessions].sort((a, b) => b.id - a.id);
  const selectedId =
    state.selectedId ?? sorted.find((session) => session.completedAt === null)?.id ?? sorted[0]?.id ?? null;
  return { ...state, sessions: sorted, selectedId };
}

/** A session's new state (a new session is added at the top). */
export function withSession(state: WatchState, session: HarvesterSession): WatchState {
  const others = state.sessions.filter((other) => other.id !== session.id);
  return withSessions(state, [...others, session]);
}

/** Moves the selection up or down the list; the transactions are then reloaded for the new session. */
export function stepSelection(state: WatchState, delta: number): WatchState {
  if (state.sessions.length === 0) return state;
  const index = Math.max(
    0,
    state.sessions.findIndex((session) => session.id === state.selectedId),
  );
  const next = state.sessions[Math.min(state.sessions.length - 1, Math.max(0, index + delta))]!;
  return selectSession(state, next.id);
}

/** Selects a session; its stream starts afresh (the transactions are then read for it). */
export function selectSession(state: WatchState, id: number): WatchState {
  if (id === state.selectedId) return state;
  return { ...state, selectedId: id, transactions: new Map(), recent: [], received: 0 };
}

/**
 * Transactions as read from the server; a row already heard of with a newer step keeps it (events that arrived
 * while the page was loading are not undone).
 */
export function withTransactions(
  state: WatchState,
  sessionId: number,
  rows: readonly HarvesterTransactionUpdated[],
): WatchState {
  if (sessionId !== state.selectedId) return state;
  const transactions = new Map(state.transactions);
  for (const row of rows) {
    const known = transactions.get(row.id);
    if (!known || known.updatedAt <= row.updatedAt) transactions.set(row.id, row);
  }
  const recent = [...transactions.values()]
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .map((row) => row.id);
  return { ...state, transactions, recent };
}

/** One TransactionUpdated event of the selected session. */
export function withTransactionEvent(state: WatchState, event: HarvesterTransactionUpdated): WatchState {
  if (event.sessionId !== state.selectedId) return state;
  const transactions = new Map(state.transactions);
  transactions.set(event.id, event);
  return {
    ...state,
    transactions,
    recent: [event.id, ...state.recent.filter((id) => id !== event.id)],
    received: state.received + 1,
  };
}

/** The selected session's transactions as the watcher heard them: ended, completed, errors. */
export function heardCounts(state: WatchState) {
  let active = 0;
  let completed = 0;
  let errors = 0;
  let cancelled = 0;
  for (const row of state.transactions.values()) {
    if (isActiveTransactionStatus(row.status)) active += 1;
    else if (row.status === 'completed') completed += 1;
    else if (row.status === 'error') errors += 1;
    else cancelled += 1;
  }
  return {
    total: state.transactions.size,
    ended: completed + errors + cancelled,
    active,
    completed,
    errors,
    cancelled,
  };
}
