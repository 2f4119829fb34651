import { createApiClient, MemoryTokenStore } from '@tradedeck/sdk/client';
import { describe, expect, it } from 'vitest';
import { loginUrl, SessionState, signedInCookieSet } from '../src/shared/session/session-state.ts';

describe('session state', () => {
  const tokens = new MemoryTokenStore();
  let now = 1_000_000;
  const refreshCalls: string[] = [];
  const client = createApiClient({
    baseUrl: 'http://tradedeck.test',
    tokenStore: tokens,
    now: () => now,
    fetch: async (input) => {
      refreshCalls.push(String(input));
      return new Response(
        JSON.stringify({ success: false, data: null, error: { message: 'no', resultCode: 11 } }),
        {
          status: 401,
        },
      );
    },
  });
  const session = new SessionState(client, () => now);

  it('is signed in with an unexpired token only, after one silent refresh on first navigation', async () => {
    tokens.set({ accessToken: 'a', expiresAt: new Date(now + 60_000).toISOString() });
    await session.ready();
    await session.ready();
    expect(refreshCalls).toHaveLength(1);
    expect(session.isSignedIn()).toBe(true);
    now += 61_000;
    expect(session.isSignedIn()).toBe(false);
  });

  it('sends a visitor with no stored session nowhere: no failing refresh on a signed-out page load', async () => {
    const calls: string[] = [];
    const signedOut = createApiClient({
      baseUrl: 'http://tradedeck.test',
      tokenStore: new MemoryTokenStore(),
      fetch: async (input) => {
        calls.push(String(input));
        return new Response('{}', { status: 500 });
      },
    });
    await new SessionState(signedOut).ready();
    expect(calls).toEqual([]);
  });

  it('renews silently on the first navigation with only the refresh cookie (a new tab, cleared storage)', async () => {
    const calls: string[] = [];
    const store = new MemoryTokenStore();
    const newTab = createApiClient({
      baseUrl: 'http://tradedeck.test',
      tokenStore: store,
      fetch: async (input) => {
        calls.push(new URL(String(input)).pathname);
        return new Response(
          JSON.stringify({
            success: true,
            data: { accessToken: 'renewed', expiresAt: new Date(Date.now() + 600_000).toISOString() },
            error: null,
          }),
          { headers: { 'content-type': 'application/json' } },
        );
      },
    });
    const state = new SessionState(newTab, Date.now, () => true);
    expect(state.isSignedIn()).toBe(false);
    await state.ready();
    await state.ready();
    expect(calls).toEqual(['/api/auth/refresh-token']);
    expect(state.isSignedIn()).toBe(true);
    expect(store.get()?.accessToken).toBe('renewed');
  });

  it('reads the sign-in marker among the page cookies', () => {
    expect(signedInCookieSet('td_dir=rtl; tradedeck-signed-in=1')).toBe(true);
    expect(signedInCookieSet('td_dir=rtl; not-tradedeck-signed-in=1')).toBe(false);
    expect(signedInCookieSet('')).toBe(false);
  });

  it('does not renew a stored token with time to spare', async () => {
    const calls: string[] = [];
    const fresh = createApiClient({
      baseUrl: 'http://tradedeck.test',
      tokenStore: new MemoryTokenStore({
        accessToken: 't',
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      }),
      fetch: async (input) => {
        calls.push(String(input));
        return new Response('{}', { status: 500 });
      },
    });
    await new SessionState(fresh).ready();
    expect(calls).toEqual([]);
  });

  it('remembers the way back on the Login link', () => {
    expect(loginUrl('/panel/proxy?tag=1', true)).toBe(
      '/auth/login?redirect=%2Fpanel%2Fproxy%3Ftag%3D1&sessionExpired=true',
    );
  });
});
