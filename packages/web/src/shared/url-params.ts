import { useCallback, useRef } from 'react';
import { createSearchParams, type SetURLSearchParams, useSearchParams } from 'react-router';

/**
 * The page's URL parameters, as react-router's `useSearchParams` gives them, with one difference: an update given
 * as a function receives the parameters after every update made so far. react-router hands it those of the last
 * render, so a second change made before the page renders again (a filter picked, then a search typed at once)
 * would drop the first. Every screen reads and writes its URL parameters through this hook.
 */
export function useUrlParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const rendered = useRef(params);
  const latest = useRef(params);
  // A new address rendered (ours or one navigated to) is the latest; until then, our own last update is.
  if (rendered.current !== params) {
    rendered.current = params;
    latest.current = params;
  }
  const update = useCallback<SetURLSearchParams>(
    (init, options) => {
      const next = createSearchParams(
        typeof init === 'function' ? init(new URLSearchParams(latest.current)) : init,
      );
      latest.current = next;
      setParams(next, options);
    },
    [setParams],
  );
  return [params, update];
}
