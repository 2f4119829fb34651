import { ApiError } from '@tradedeck/sdk/client';
import type { GlobalSearchResult } from '@tradedeck/sdk/contract';
import { SEARCH_DEBOUNCE_MS } from '@tradedeck/sdk/domain';
import { useEffect, useState } from 'react';
import { useServices } from '../app-services.tsx';

type GlobalSearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; result: GlobalSearchResult }
  | { status: 'unavailable' }
  | { status: 'failed' };

/** Entity search from the second character, debounced 400 ms, answers cached per query. */
export function useGlobalSearch(query: string, enabled: boolean): GlobalSearchState {
  const { client, session, searchCache } = useServices();
  const [state, setState] = useState<GlobalSearchState>({ status: 'idle' });
  const trimmed = query.trim();

  useEffect(() => {
    if (!enabled || trimmed.length < 2 || !session.isSignedIn()) {
      setState({ status: 'idle' });
      return;
    }
    const cached = searchCache.get(trimmed);
    if (cached) {
      setState({ status: 'done', result: cached });
      return;
    }
    setState({ status: 'loading' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      client.search.global({ searchString: trimmed }, { signal: controller.signal }).then(
        (result) => {
          searchCache.set(trimmed, result);
          setState({ status: 'done', result });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          // A server without the search operation yet: the palette keeps working with commands only.
          const missing = error instanceof ApiError && (error.httpStatus === 404 || error.resultCode === 3);
          setState({ status: missing ? 'unavailable' : 'failed' });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, session, searchCache, trimmed, enabled]);

  return state;
}
