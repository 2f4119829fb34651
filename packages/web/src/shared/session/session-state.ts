import type { ApiClient } from '@tradedeck/sdk/client';
import { SESSION_EXPIRY_NOTICE_DEBOUNCE_MS, UNAUTHORIZED_REDIRECT_LIMIT } from '@tradedeck/sdk/domain';

export const LOGIN_PATH = '/auth/login';
const REDIRECT_COUNT_KEY = 'tradedeck.expiredRedirects';

/**
 * Who is signed in, as far as the browser knows: a stored, unexpired access token. The first navigation tries
 * one silent refresh (the refresh cookie may outlive the stored token).
 */
export class SessionState {
  #bootstrap: Promise<void> | null = null;
  #lastNoticeAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly client: ApiClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves once the silent refresh of the first navigation is over (whatever its outcome). */
  ready(): Promise<void> {
    this.#bootstrap ??= this.client.session.refresh(true).then(
      () => {},
      () => {},
    );
    return this.#bootstrap;
  }

  isSignedIn(): boolean {
    const token = this.client.tokens.get();
    return token !== null && Date.parse(token.expiresAt) > this.now();
  }

  signOut(): void {
    this.client.tokens.clear();
  }

  /** Whether a session-expiry notice may show now (at most one per 2 s). */
  takeNoticeSlot(): boolean {
    if (this.now() - this.#lastNoticeAt < SESSION_EXPIRY_NOTICE_DEBOUNCE_MS) return false;
    this.#lastNoticeAt = this.now();
    return true;
  }

  /** Counts an expiry redirect; false once the limit of 3 is reached (the attempt stops there). */
  takeRedirectSlot(storage: Pick<Storage, 'getItem' | 'setItem'> | null): boolean {
    const count = Number(storage?.getItem(REDIRECT_COUNT_KEY) ?? '0') || 0;
    if (count >= UNAUTHORIZED_REDIRECT_LIMIT) return false;
    storage?.setItem(REDIRECT_COUNT_KEY, String(count + 1));
    return true;
  }

  /** A successful sign-in resets the redirect count. */
  resetRedirects(storage: Pick<Storage, 'removeItem'> | null): void {
    storage?.removeItem(REDIRECT_COUNT_KEY);
  }
}

/** Login URL remembering where the user was. */
export function loginUrl(redirect: string, sessionExpired = false): string {
  const params = new URLSearchParams({ redirect });
  if (sessionExpired) params.set('sessionExpired', 'true');
  return `${LOGIN_PATH}?${params}`;
}
