import { useEffect, useRef } from 'react';
import { useUrlParams } from './url-params.ts';

/** The search parameter that asks a list screen to open one entity's view dialog. */
const VIEW_PARAM = 'view';

const SCREENS = { proxy: '/panel/proxy', steamAccount: '/panel/steam-accounts' } as const;

/** Where an entity's full view dialog opens: its list screen, told which one by `?view=`. */
export function entityViewPath(kind: keyof typeof SCREENS, id: number): string {
  return `${SCREENS[kind]}?${VIEW_PARAM}=${id}`;
}

/**
 * On a list screen: opens the view dialog of the entity named by `?view=` (from global search or a shared link),
 * then drops the parameter so Back and a reload don't open it again. Other parameters (filters, page) stay.
 */
export function useViewParam(open: (id: number) => void): void {
  const [params, setParams] = useUrlParams();
  const raw = params.get(VIEW_PARAM);
  // Once per arrival of the parameter, also when React runs the effect twice.
  const handled = useRef<string | null>(null);
  // `open` is a fresh function on each render; the parameter alone decides.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (raw === null) {
      handled.current = null;
      return;
    }
    if (handled.current === raw) return;
    handled.current = raw;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(VIEW_PARAM);
        return next;
      },
      { replace: true },
    );
    const id = Number(raw);
    if (Number.isSafeInteger(id) && id > 0) open(id);
  }, [raw]);
}
