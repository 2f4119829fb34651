import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatches, useNavigate } from 'react-router';
import { AuthPagesProvider, safeRedirect } from '../features/auth/auth-deps.tsx';
import { SessionExpiryHandler } from '../features/auth/session-expiry.ts';
import { ProfilePagesProvider } from '../features/profile/profile-deps.tsx';
import { type AppServices, useServices } from '../shared/app-services.tsx';

interface ExpiryWiring {
  handler: SessionExpiryHandler;
  /** Filled by the mounted shell: the toast and the navigation live in React. */
  effects: { notify(): void; redirect(to: string): void };
}

const expiryByApp = new WeakMap<AppServices, ExpiryWiring>();

/** One session-expiry handler per app, so a sign-in can reset the redirect count the expiry raised. */
function sessionExpiry(services: AppServices): ExpiryWiring {
  let wiring = expiryByApp.get(services);
  if (!wiring) {
    const effects = { notify: () => {}, redirect: (_to: string) => {} };
    const handler = new SessionExpiryHandler({
      notify: () => effects.notify(),
      redirect: (to) => effects.redirect(to),
      now: () => Date.now(),
    });
    wiring = { handler, effects };
    expiryByApp.set(services, wiring);
  }
  return wiring;
}

/** Connects the client's `onSessionExpired` to the handler: a 5 s warning, then Login remembering the path. */
export function useSessionExpiryWiring(): void {
  const services = useServices();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const wiring = sessionExpiry(services);
  wiring.effects.notify = () =>
    services.toasts.show({ kind: 'warning', text: t('session.expired'), long: true });
  wiring.effects.redirect = (to) => navigate(to, { replace: true });
  services.events.onSessionExpired = () =>
    wiring.handler.expired(`${window.location.pathname}${window.location.search}`);
}

/** `/auth/**`: the auth pages get the app's single API client. */
export function AuthPagesOutlet() {
  const services = useServices();
  const afterSignIn = (redirect: string | null) => {
    sessionExpiry(services).handler.signedIn();
    return safeRedirect(redirect);
  };
  return (
    <AuthPagesProvider value={{ client: services.client, afterSignIn }}>
      <NamedOutlet />
    </AuthPagesProvider>
  );
}

/** `/profile/**`: the profile pages get the app's single API client. */
export function ProfilePagesOutlet() {
  const { client } = useServices();
  const { t } = useTranslation();
  // The account pages are drawn on the dark ground of the sign-in pages, whatever the panel's theme.
  return (
    <ProfilePagesProvider client={client}>
      <div className="dark min-h-full bg-[#0f1020] text-slate-100">
        <nav className="mx-auto flex max-w-3xl gap-4 px-6 pt-6 text-sm">
          <Link className="text-primary-ink hover:underline" to="/panel/dashboard">
            <span aria-hidden className="inline-block rtl:-scale-x-100">
              ←
            </span>{' '}
            {t('nav.dashboard')}
          </Link>
          <Link className="text-primary-ink hover:underline" to="/profile/account">
            {t('profile.account')}
          </Link>
          <Link className="text-primary-ink hover:underline" to="/profile/security">
            {t('profile.security')}
          </Link>
        </nav>
        <NamedOutlet />
      </div>
    </ProfilePagesProvider>
  );
}

/** Marks the page with its spec route name (`data-route`), which tests and support read; adds no box. */
function NamedOutlet() {
  const name = useMatches().at(-1)?.id;
  return (
    <div className="contents" data-route={name}>
      <Outlet />
    </div>
  );
}
