import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { safeStorage } from '../shared/app-services.tsx';

const RELOAD_KEY = 'tradedeck.moduleReload';

/** A lazily loaded page module that failed to load: usually a new release replaced the old chunks. */
function isModuleLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
    message,
  );
}

/**
 * Errors of a route. A page module that did not load reloads the browser at the target path (once per path, so
 * a broken deployment does not loop); any other failure shows the panel-load message with a retry button.
 */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const target = `${location.pathname}${location.search}`;
  // Offline, a reload cannot help: the retry button waits for the user (and the Offline page takes over).
  if (isModuleLoadError(error) && navigator.onLine) {
    const storage = safeStorage('sessionStorage');
    if (storage?.getItem(RELOAD_KEY) !== target) {
      storage?.setItem(RELOAD_KEY, target);
      window.location.assign(target);
      return null;
    }
  }
  return (
    <main role="alert" className="flex min-h-full flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="max-w-md text-base font-medium">{t('errors.pageLoad')}</p>
      <button
        type="button"
        onClick={() => {
          safeStorage('sessionStorage')?.removeItem(RELOAD_KEY);
          window.location.assign(target);
        }}
        className="rounded-md bg-primary-strong px-5 py-2 text-sm font-semibold text-white hover:bg-primary-deep"
      >
        {t('errors.retryLoad')}
      </button>
    </main>
  );
}
