import { type LoaderFunctionArgs, redirect } from 'react-router';
import { safeRedirect } from '../features/auth/auth-deps.tsx';
import { loginUrl } from '../shared/session/session-state.ts';

/** What the guards ask of the session: whether it is signed in, once it knows. */
export interface GuardedSession {
  ready(): Promise<unknown>;
  isSignedIn(): boolean;
}

function requestPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The panel's pages: a visitor who is not signed in goes to sign in, and comes back here after it. */
export function requireSignedIn(session: GuardedSession) {
  return async ({ request }: LoaderFunctionArgs) => {
    await session.ready();
    if (!session.isSignedIn()) throw redirect(loginUrl(requestPath(request)));
    return null;
  };
}

/**
 * The sign-in pages: a signed-in visitor goes on to the page the sign-in was asked for (its `redirect`), as a
 * sign-in would take them, not to the dashboard. A session that became signed in while the sign-in page was on its
 * way (a refresh that answered late) so lands where the user was going.
 */
export function requireSignedOut(session: GuardedSession) {
  return async ({ request }: LoaderFunctionArgs) => {
    await session.ready();
    if (session.isSignedIn()) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
    return null;
  };
}
