import { useCallback } from 'react';
import { useUrlParams } from '../../shared/url-params.ts';

/** Changes several URL filters in one history update, going back to page 1. */
export function useFilterPatch(): (changes: Record<string, string | null>) => void {
  const [, setParams] = useUrlParams();
  return useCallback(
    (changes) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}
