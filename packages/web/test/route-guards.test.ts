import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type GuardedSession, requireSignedIn, requireSignedOut } from '../src/app/route-guards.ts';

function session(signedIn: boolean): GuardedSession {
  return { ready: async () => undefined, isSignedIn: () => signedIn };
}

const args = (path: string) =>
  ({ request: new Request(`http://panel.test${path}`), params: {}, context: {} }) as LoaderFunctionArgs;

/** Where a guard sends the visitor: the redirect's target, or null when the page opens. */
async function destination(guard: (args: LoaderFunctionArgs) => Promise<null>, path: string) {
  try {
    return await guard(args(path));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('location');
    throw thrown;
  }
}

describe('route guards', () => {
  it('sends a visitor who is not signed in to sign in, remembering the page', async () => {
    expect(await destination(requireSignedIn(session(false)), '/panel/confirmations?kind=trade')).toBe(
      '/auth/login?redirect=%2Fpanel%2Fconfirmations%3Fkind%3Dtrade',
    );
    expect(await destination(requireSignedIn(session(true)), '/panel/confirmations')).toBeNull();
  });

  it('sends a signed-in visitor of a sign-in page on to the page the sign-in was asked for', async () => {
    const guard = requireSignedOut(session(true));
    expect(await destination(guard, '/auth/login?redirect=%2Fpanel%2Fconfirmations%3Fkind%3Dtrade')).toBe(
      '/panel/confirmations?kind=trade',
    );
    expect(await destination(guard, '/auth/login')).toBe('/panel/dashboard');
    // Only a path of this site is followed.
    expect(await destination(guard, '/auth/login?redirect=%2F%2Fevil.test%2F')).toBe('/panel/dashboard');
    expect(await destination(guard, '/auth/login?redirect=https%3A%2F%2Fevil.test%2F')).toBe(
      '/panel/dashboard',
    );
    expect(await destination(requireSignedOut(session(false)), '/auth/login?redirect=%2Fpanel')).toBeNull();
  });
});
