import { api, type HarvesterSession } from '@tradedeck/sdk/contract';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { operationKey, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { useUrlParams } from '../../shared/url-params.ts';
import { LiveDot } from './live-dot.tsx';
import { ProfilesPanel } from './profiles-panel.tsx';
import { SessionList } from './session-list.tsx';
import { SessionTabBar } from './session-tab-bar.tsx';
import {
  type HarvesterTab,
  OPEN_KEY,
  parseOpenSessions,
  parseTab,
  stepTab,
  TAB_KEY,
  withoutSession,
  withSession,
} from './session-tabs.ts';
import { SessionView } from './session-view.tsx';
import { TX_FILTER_KEYS } from './transaction-rows.ts';
import { type HarvesterScreen, useHarvesterActions } from './use-harvester-actions.tsx';
import { useLiveSessions } from './use-live-sessions.ts';

/** Keys of the transactions table in the URL, dropped when another tab is shown. */
const TABLE_KEYS = [...TX_FILTER_KEYS, 'page', 'size', 'sort'];

/** Main → Harvester: the session list, the profiles and one tab per opened session, all live. */
export function HarvesterPage() {
  const { t } = useTranslation();
  const { queryClient } = useServices();
  const [params, setParams] = useUrlParams();
  const openParam = params.get(OPEN_KEY);
  const open = useMemo(() => parseOpenSessions(openParam), [openParam]);
  const tab = parseTab(params.get(TAB_KEY), open);
  const live = useLiveSessions();
  const settings = useOperationQuery(api.settings.get);
  const selected = useRef<number[]>([]);

  const show = useCallback(
    (nextOpen: readonly number[], nextTab: HarvesterTab) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (nextOpen.length > 0) next.set(OPEN_KEY, nextOpen.join(','));
          else next.delete(OPEN_KEY);
          if (nextTab === 'sessions') next.delete(TAB_KEY);
          else next.set(TAB_KEY, String(nextTab));
          if (String(nextTab) !== current.get(TAB_KEY)) for (const key of TABLE_KEYS) next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const openSession = useCallback((id: number) => show(withSession(open, id), id), [show, open]);
  const onSelectionChange = useCallback((ids: number[]) => {
    selected.current = ids;
  }, []);

  const screen: HarvesterScreen = {
    tab,
    selectedTransactionIds: () => selected.current,
    currency: settings.data?.displayedCurrency ?? 'RUB',
    openSession,
    showTab: (next) => show(open, next),
    stepTab: (delta) => show(open, stepTab(open, tab, delta)),
    closeTab: () => {
      if (typeof tab !== 'number') return;
      const next = withoutSession(open, tab, tab);
      show(next.open, next.tab);
    },
    toggleFilter: (key, value) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (next.get(key) === value) next.delete(key);
          else next.set(key, value);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
  };
  const screenRef = useRef(screen);
  screenRef.current = screen;
  const actions = useHarvesterActions(screenRef);

  const sessionName = (id: number) =>
    queryClient.getQueryData<HarvesterSession>(operationKey(api.harvester.getSession, { id }))?.name ??
    `#${id}`;

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('harvester.title')}</h1>
          <p className="text-sm text-muted">{t('harvester.subtitle')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LiveDot state={live} />
          <button
            type="button"
            className="rounded-md bg-primary-strong px-3 py-1 text-sm font-semibold text-white hover:bg-primary-deep"
            aria-keyshortcuts="n"
            onClick={() => void actions.newSession()}
          >
            {t('harvester.actions.newSession')}
          </button>
        </div>
      </header>
      <SessionTabBar
        open={open}
        current={tab}
        nameOf={sessionName}
        onShow={(next) => show(open, next)}
        onClose={(id) => {
          const next = withoutSession(open, tab, id);
          show(next.open, next.tab);
        }}
      />
      <div
        role="tabpanel"
        aria-label={typeof tab === 'number' ? sessionName(tab) : t(`harvester.tabs.${tab}`)}
      >
        {tab === 'sessions' && <SessionList onOpen={openSession} />}
        {tab === 'profiles' && <ProfilesPanel actions={actions.profiles} />}
        {typeof tab === 'number' && (
          <SessionView key={tab} sessionId={tab} actions={actions} onSelectionChange={onSelectionChange} />
        )}
      </div>
    </div>
  );
}
