import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Changes several URL filters in one history update (two separate updates in one tick would lose the first),
 * going back to page 1.
 */
export function useFilterPatch(): (changes: Record<string, string | null>) => void {
  const [, setParams] = useSearchParams();
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
