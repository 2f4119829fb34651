import type { NetworkSnapshot } from '@tradedeck/sdk/network';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app-services.tsx';
import { useStore } from '../use-store.ts';

type Shown = 'offline' | 'connecting' | 'connected' | null;

export function shownState(snapshot: NetworkSnapshot): Shown {
  if (snapshot.phase === 'restored') return 'connected';
  if (snapshot.phase === 'offline') return snapshot.checking ? 'connecting' : 'offline';
  return null;
}

export function useNetworkSnapshot(): NetworkSnapshot {
  const { monitor } = useServices();
  return useStore(monitor.subscribe, () => monitor.snapshot);
}

const TONE = {
  offline: 'bg-rose-600 text-white',
  connecting: 'bg-amber-500 text-slate-950',
  connected: 'bg-emerald-600 text-white',
} as const;

/** Desktop: a thin bar at the bottom; mobile: a bottom toast with close and retry. */
export function NetworkStatus() {
  const { t } = useTranslation();
  const { monitor } = useServices();
  const snapshot = useNetworkSnapshot();
  const shown = shownState(snapshot);
  const [closedFor, setClosedFor] = useState<Shown>(null);
  useEffect(() => {
    if (shown !== closedFor) setClosedFor(null);
  }, [shown, closedFor]);
  if (!shown) return null;
  const text = t(`network.${shown}`);
  return (
    <>
      <div
        role="status"
        data-testid="network-bar"
        data-state={shown}
        className={`fixed inset-x-0 bottom-0 z-[2500] hidden h-7 items-center justify-center gap-2 text-xs font-semibold md:flex ${TONE[shown]}`}
      >
        {shown === 'connecting' && <Spinner />}
        {text}
      </div>
      {closedFor !== shown && (
        <div
          role="status"
          data-testid="network-toast"
          className={`fixed inset-x-3 bottom-3 z-[2500] flex items-center gap-3 rounded-lg px-4 py-3 text-sm shadow-xl md:hidden ${TONE[shown]}`}
        >
          <span className="flex-1">{text}</span>
          {shown === 'offline' && !snapshot.checking && (
            <button
              type="button"
              onClick={() => void monitor.checkNow()}
              className="rounded bg-white/20 px-2 py-1 font-semibold"
            >
              {t('network.retry')}
            </button>
          )}
          <button type="button" aria-label={t('common.close')} onClick={() => setClosedFor(shown)}>
            ✕
          </button>
        </div>
      )}
    </>
  );
}

function Spinner() {
  return (
    <span
      aria-hidden
      className="h-3 w-3 animate-spin rounded-full border-2 border-current border-t-transparent"
    />
  );
}
