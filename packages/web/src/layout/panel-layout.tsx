import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useServices } from '../shared/app-services.tsx';
import { useStore } from '../shared/use-store.ts';
import { useCommandGate } from '../shared/workspace/act-gate.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { useAppearance } from './use-appearance.ts';
import { useCurrentUser } from './use-current-user.ts';
import { ViewerNotice } from './viewer-notice.tsx';

/** The signed-in frame: sidebar, top bar, the page, scroll-to-top. */
export function PanelLayout() {
  const [appearance] = useAppearance();
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const user = useCurrentUser();
  const { t } = useTranslation();
  const { workspace } = useServices();
  const workspaceId = useStore(workspace.subscribe, () => workspace.id);
  // The role gates commands only where there is one: the signed-in frame (public pages read no workspaces).
  useCommandGate();
  if (user.isError) {
    // Panel load failure (docs/web.md "Dashboard and settings"): without the user there is no panel to show.
    return (
      <main
        role="alert"
        className="flex min-h-full flex-col items-center justify-center gap-4 p-6 text-center"
      >
        <p className="text-base font-medium">{t('errors.userLoad')}</p>
        <button
          type="button"
          onClick={() => void user.refetch()}
          className="rounded-md bg-primary-strong px-5 py-2 text-sm font-semibold text-white hover:bg-primary-deep"
        >
          {t('errors.retryLoad')}
        </button>
      </main>
    );
  }
  return (
    <div className="min-h-full bg-slate-100 text-slate-800 dark:bg-slate-950 dark:text-slate-100">
      <Sidebar mobileOpen={mobileOpen} onNavigate={() => setMobileOpen(false)} />
      {mobileOpen && (
        <div
          aria-hidden
          className="fixed inset-0 z-30 bg-slate-950/40 md:hidden"
          onClick={() => setMobileOpen(false)}
        />
      )}
      <div
        className={`flex min-h-full flex-col transition-[padding] ${appearance.sidebarCollapsed ? 'md:ps-16' : 'md:ps-60'}`}
      >
        <TopBar onMenu={() => setMobileOpen(true)} />
        <ViewerNotice />
        {/* A new workspace or page mounts the page afresh: its state and live views start over. */}
        <main
          key={`${workspaceId ?? ''}:${location.pathname}`}
          className={`w-full flex-1 p-4 pb-12 md:p-6 md:pb-12 ${appearance.width === 'boxed' ? 'mx-auto max-w-6xl' : ''}`}
        >
          <Outlet />
        </main>
      </div>
      <ScrollToTop />
    </div>
  );
}
