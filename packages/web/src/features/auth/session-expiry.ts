import { SESSION_EXPIRY_NOTICE_DEBOUNCE_MS, UNAUTHORIZED_REDIRECT_LIMIT } from '@tradedeck/sdk/domain';

interface SessionExpiryEffects {
  /** Shows "Ваша сессия истекла. Пожалуйста, войдите снова." (5 s toast). */
  notify(): void;
  /** Goes to Login with the remembered path. */
  redirect(to: string): void;
  now(): number;
}

/**
 * What the app does when the API client reports an expired session: clear is done by the client; here the
 * notice (at most once per 2 s), the redirect to Login with `redirect` and `sessionExpired=true`, and a stop
 * after 3 such redirects (reset by a successful sign-in) so a broken session cannot loop.
 */
export class SessionExpiryHandler {
  #lastNotice = Number.NEGATIVE_INFINITY;
  #redirects = 0;

  constructor(private readonly effects: SessionExpiryEffects) {}

  /** Call from the client's `onSessionExpired` with the path the user was on. */
  expired(currentPath: string): void {
    const now = this.effects.now();
    if (now - this.#lastNotice >= SESSION_EXPIRY_NOTICE_DEBOUNCE_MS) {
      this.#lastNotice = now;
      this.effects.notify();
    }
    if (this.#redirects >= UNAUTHORIZED_REDIRECT_LIMIT) return;
    if (currentPath.startsWith('/auth/')) return;
    this.#redirects += 1;
    const query = new URLSearchParams({ redirect: currentPath, sessionExpired: 'true' });
    this.effects.redirect(`/auth/login?${query.toString()}`);
  }

  /** Call after a successful sign-in. */
  signedIn(): void {
    this.#redirects = 0;
  }
}
