import { NETWORK } from '@tradedeck/sdk/domain';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { safeStorage, useServices } from '../app-services.tsx';

const LAST_ROUTE_KEY = 'tradedeck.lastRoute';
const OFFLINE_PATH = '/offline';

/**
 * Connects the network monitor to the browser (offline/online events, page visibility) and to the router:
 * going offline saves the route and shows the Offline page; coming back returns there after 100 ms.
 */
export function useNetworkHost(): void {
  const { monitor } = useServices();
  const navigate = useNavigate();

  useEffect(() => {
    const currentPath = () => `${window.location.pathname}${window.location.search}`;
    const unsubscribe = monitor.subscribe((_, event) => {
      if (event === 'wentOffline') {
        const path = currentPath();
        if (!path.startsWith(OFFLINE_PATH)) safeStorage('sessionStorage')?.setItem(LAST_ROUTE_KEY, path);
        navigate(OFFLINE_PATH);
      }
      if (event === 'restored') {
        setTimeout(() => {
          const saved = safeStorage('sessionStorage')?.getItem(LAST_ROUTE_KEY) ?? '/';
          safeStorage('sessionStorage')?.removeItem(LAST_ROUTE_KEY);
          // Reloads the route: the page refetches what failed while offline.
          navigate(currentPath().startsWith(OFFLINE_PATH) ? saved : currentPath(), { replace: true });
        }, NETWORK.routeReloadDelayMs);
      }
    });
    const onOffline = () => monitor.reportOffline();
    const onOnline = () => void monitor.checkNow();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') monitor.onVisible();
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisibility);
    monitor.start();
    return () => {
      unsubscribe();
      monitor.stop();
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [monitor, navigate]);
}
