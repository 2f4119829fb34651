import { api, type HarvesterTransactionUpdated, harvesterSessionSource } from '@tradedeck/sdk/contract';
import type { HubLiveState } from '@tradedeck/sdk/hubs';
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../../shared/app-services.tsx';
import { useHubSubscription } from '../../shared/hubs/use-hub-subscription.ts';
import { operationKey } from '../../shared/queries/operation-query.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { applyTransactionEvents } from './cache-updates.ts';

/** Events are applied in bursts: a fast session re-renders the table a few times a second, not per event. */
const FLUSH_MS = 120;

/**
 * Follows one session's transactions (`session:{id}`) while its tab is open and writes each step into the cached
 * transaction pages; rows not on the page (or entering a filter) refetch it. Returns the connection state and how
 * many events arrived since the tab opened.
 */
export function useLiveTransactions(sessionId: number): { state: HubLiveState; received: number } {
  const { queryClient } = useServices();
  const language = useLanguage();
  const [received, setReceived] = useState(0);
  const buffer = useRef<{
    events: HarvesterTransactionUpdated[];
    timer: ReturnType<typeof setTimeout> | null;
  }>({
    events: [],
    timer: null,
  });
  useEffect(() => {
    const current = buffer.current;
    return () => {
      if (current.timer) clearTimeout(current.timer);
      current.timer = null;
      current.events = [];
    };
  }, []);

  const flush = () => {
    const events = buffer.current.events;
    buffer.current.events = [];
    buffer.current.timer = null;
    const byId = new Map(events.map((event) => [event.id, event]));
    let missed = false;
    queryClient.setQueriesData(
      sessionTransactions(sessionId),
      (page: Parameters<typeof applyTransactionEvents>[0]) => {
        const result = applyTransactionEvents(page, byId, language);
        missed ||= result.missed;
        return result.page;
      },
    );
    if (missed) void queryClient.invalidateQueries(sessionTransactions(sessionId));
    setReceived((count) => count + events.length);
  };
  const reload = () => void queryClient.invalidateQueries(sessionTransactions(sessionId));

  const state = useHubSubscription(
    'transactionUpdated',
    ({ payload }) => {
      if (payload.sessionId !== sessionId) return;
      buffer.current.events.push(payload);
      buffer.current.timer ??= setTimeout(flush, FLUSH_MS);
    },
    {
      sourceId: harvesterSessionSource(sessionId),
      onNotice: (notice) => {
        if (notice.kind === 'restored' || notice.kind === 'desync') reload();
      },
      onReset: reload,
    },
  );
  // What changed before the subscription was made is read once it is live, so nothing falls between.
  useEffect(() => {
    if (state === 'live') void queryClient.invalidateQueries(sessionTransactions(sessionId));
  }, [state, queryClient, sessionId]);
  return { state, received };
}

/** The cached transaction pages of one session (whatever their filters). */
export function sessionTransactions(sessionId: number) {
  return {
    queryKey: operationKey(api.harvester.transactions),
    predicate: (query: { queryKey: readonly unknown[] }) =>
      (query.queryKey[1] as { id?: number } | undefined)?.id === sessionId,
  };
}
