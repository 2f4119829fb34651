import { useCallback } from 'react';
import { createSearchParams, type SetURLSearchParams, useLocation, useSearchParams } from 'react-router';

/**
 * The address as last rendered (path and parameters), and its parameters as left by the updates made since: one
 * page has one address, so every caller of the hook shares them.
 */
const address = { rendered: '', latest: new URLSearchParams() };

/**
 * The page's URL parameters, as react-router's `useSearchParams` gives them, with one difference: an update given
 * as a function receives the parameters after every update made so far, by any component. react-router hands it
 * those of the last render, so a second change made before the page renders again (a filter picked, then a search
 * typed at once) would drop the first. Every screen reads and writes its URL parameters through this hook.
 */
export function useUrlParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // A new address rendered (ours or one navigated to, on this page or another) is the latest; until then, the
  // last update is.
  const rendered = `${pathname}?${params.toString()}`;
  if (rendered !== address.rendered) {
    address.rendered = rendered;
    address.latest = params;
  }
  const update = useCallback<SetURLSearchParams>(
    (init, options) => {
      const next = createSearchParams(
        typeof init === 'function' ? init(new URLSearchParams(address.latest)) : init,
      );
      address.latest = next;
      setParams(next, options);
    },
    [setParams],
  );
  return [params, update];
}
