import { CROSS_CURRENCY_CONFIRM_WAIT_MS, crossCurrencySecondsLeft } from '@tradedeck/sdk/domain';
import { useEffect, useState } from 'react';

/**
 * The cross-currency gate (spec §4 "Balance transfer"): while `active`, the confirm action waits 5 s from when the
 * warning showed, counting the seconds down; it starts again whenever the warning shows anew.
 */
export function useCurrencyGate(active: boolean): { secondsLeft: number; open: boolean } {
  const [shownAt, setShownAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!active) {
      setShownAt(null);
      return;
    }
    const start = Date.now();
    setShownAt(start);
    setNow(start);
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at - start >= CROSS_CURRENCY_CONFIRM_WAIT_MS) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [active]);

  if (!active || shownAt === null) return { secondsLeft: 0, open: !active };
  const secondsLeft = crossCurrencySecondsLeft(shownAt, now);
  return { secondsLeft, open: secondsLeft === 0 };
}
