import { describe, expect, it } from 'vitest';
import { SessionExpiryHandler } from '../src/features/auth/session-expiry.ts';

function harness() {
  let now = 0;
  const notices: number[] = [];
  const redirects: string[] = [];
  const handler = new SessionExpiryHandler({
    notify: () => notices.push(now),
    redirect: (to) => redirects.push(to),
    now: () => now,
  });
  const advance = (ms: number) => {
    now += ms;
  };
  return { handler, notices, redirects, advance };
}

describe('session expiry', () => {
  it('notifies at most once per 2 s and redirects to login with the path and sessionExpired=true', () => {
    const h = harness();
    h.handler.expired('/panel/proxy?page=2');
    h.advance(500);
    h.handler.expired('/panel/proxy?page=2');
    expect(h.notices).toEqual([0]);
    h.advance(1500);
    h.handler.expired('/panel/proxy?page=2');
    expect(h.notices).toEqual([0, 2000]);
    expect(h.redirects[0]).toBe('/auth/login?redirect=%2Fpanel%2Fproxy%3Fpage%3D2&sessionExpired=true');
  });

  it('stops after 3 redirects until the user signs in again', () => {
    const h = harness();
    for (let i = 0; i < 5; i += 1) h.handler.expired('/panel/dashboard');
    expect(h.redirects).toHaveLength(3);
    h.handler.signedIn();
    h.handler.expired('/panel/dashboard');
    expect(h.redirects).toHaveLength(4);
  });

  it('does not redirect from the auth pages themselves', () => {
    const h = harness();
    h.handler.expired('/auth/login');
    expect(h.redirects).toEqual([]);
  });
});
