import type { ApiClient } from '@tradedeck/sdk/client';
import { SIGNED_IN_COOKIE } from '@tradedeck/sdk/contract';

const LOGIN_PATH = '/auth/login';

/** Whether the server's readable sign-in marker is set (the refresh cookie itself is out of the page's reach). */
export function signedInCookieSet(cookies: string = globalThis.document?.cookie ?? ''): boolean {
  return cookies.split(';').some((part) => part.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
}

/**
 * Who is signed in, as far as the browser knows: a stored, unexpired access token. The first navigation renews a
 * stored token that has expired or is about to (the refresh cookie outlives it), and, with no stored token, renews
 * silently when the sign-in marker says a refresh cookie was issued (a new tab, cleared storage). A visitor with
 * neither is not sent to the refresh endpoint at all, so a signed-out page load makes no failing request.
 */
export class SessionState {
  #bootstrap: Promise<void> | null = null;

  constructor(
    private readonly client: ApiClient,
    private readonly now: () => number = Date.now,
    private readonly hasRefreshCookie: () => boolean = () => signedInCookieSet(),
  ) {}

  /** Resolves once the silent refresh of the first navigation is over (whatever its outcome). */
  ready(): Promise<void> {
    this.#bootstrap ??= (
      this.client.tokens.get() === null && this.hasRefreshCookie()
        ? this.client.session.refresh(true)
        : this.client.session.ensureFresh()
    ).then(
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
}

/** Login URL remembering where the user was. */
export function loginUrl(redirect: string, sessionExpired = false): string {
  const params = new URLSearchParams({ redirect });
  if (sessionExpired) params.set('sessionExpired', 'true');
  return `${LOGIN_PATH}?${params}`;
}
