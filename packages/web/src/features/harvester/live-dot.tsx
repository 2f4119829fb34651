import type { HubLiveState } from '@tradedeck/sdk/hubs';
import { useTranslation } from 'react-i18next';

/** The live connection's state beside what it updates. */
export function LiveDot({ state }: { state: HubLiveState }) {
  const { t } = useTranslation();
  const live = state === 'live';
  return (
    <span className="flex items-center gap-1.5 text-xs text-muted" data-live-state={state}>
      <span aria-hidden className={`h-2 w-2 rounded-full ${live ? 'bg-emerald-500' : 'bg-amber-500'}`} />
      {t(`harvester.live.${state}`)}
    </span>
  );
}
