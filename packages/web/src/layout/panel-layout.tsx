import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ScrollToTop } from './scroll-to-top.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { useAppearance } from './use-appearance.ts';

/** The signed-in frame: sidebar, top bar, the page, scroll-to-top. */
export function PanelLayout() {
  const [appearance] = useAppearance();
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
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
        className={`flex min-h-full flex-col transition-[padding] ${appearance.sidebarCollapsed ? 'md:pl-16' : 'md:pl-60'}`}
      >
        <TopBar onMenu={() => setMobileOpen(true)} />
        <main
          key={location.pathname}
          className={`w-full flex-1 p-4 pb-12 md:p-6 md:pb-12 ${appearance.width === 'boxed' ? 'mx-auto max-w-6xl' : ''}`}
        >
          <Outlet />
        </main>
      </div>
      <ScrollToTop />
    </div>
  );
}
